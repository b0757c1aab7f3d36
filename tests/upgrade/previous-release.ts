// "The previous release" for the upgrade test: the newest release in CHANGELOG.md older than
// package.json's version, found by its tag (v<version>) or, when tags did not travel with the
// clone, by the commit the CHANGELOG records for it. Its tree is unpacked once per commit into a
// folder of its own, with its own npm install (from its lockfile, npm's cache first) and its own
// prisma generate (its postinstall).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type Release = { version: string; commit: string; from: "tag" | "changelog" };

/** `## 0.1.0 (2026-11-25, commit 82ba507…)`: a released version and the commit it was cut from. */
const RELEASE_HEADING = /^## (\d+\.\d+\.\d+) \([^)]*commit ([0-9a-f]{7,40})\)/gm;

export function previousRelease(root = process.cwd()): Release {
  const current = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const changelog = readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
  const older = [...changelog.matchAll(RELEASE_HEADING)]
    .map((m) => ({ version: m[1]!, commit: m[2]! }))
    .filter((r) => compareVersions(r.version, current.version) < 0)
    .sort((a, b) => compareVersions(b.version, a.version));
  const newest = older[0];
  if (!newest) throw new Error(`CHANGELOG.md names no release older than ${current.version}.`);
  const tagged = git(root, ["rev-parse", "--verify", "--quiet", `v${newest.version}^{commit}`]);
  if (tagged) return { version: newest.version, commit: tagged, from: "tag" };
  const commit = git(root, ["rev-parse", "--verify", "--quiet", `${newest.commit}^{commit}`]);
  if (!commit) {
    throw new Error(
      `Release ${newest.version}: neither the tag v${newest.version} nor the commit ${newest.commit} is in this clone (a shallow clone? fetch the history).`,
    );
  }
  return { version: newest.version, commit, from: "changelog" };
}

export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/**
 * The release's tree, ready to run: `git archive` of its commit, `npm install` (which runs its
 * own `prisma generate`). Kept in the system's temporary folder by commit, so a second run on
 * one machine skips the install; a release's commit never changes, so neither does its tree.
 */
export function releaseTree(release: Release, root = process.cwd()): { dir: string; preparedMs: number } {
  const dir = path.join(os.tmpdir(), `apportion-release-${release.commit.slice(0, 12)}`);
  const ready = path.join(dir, ".apportion-release-ready");
  if (existsSync(ready)) return { dir, preparedMs: 0 };
  const started = Date.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync("sh", ["-c", `git archive --format=tar ${release.commit} | tar -x -C "${dir}"`], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (archive.status !== 0) throw new Error(`git archive of ${release.commit} failed`);
  // `npm ci` cannot be used here (README: the lockfile lacks other platforms' builds);
  // `npm install` keeps to the lockfile's versions.
  const install = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    stdio: ["ignore", "inherit", "inherit"],
    // No DATABASE_URL: its prisma.config.ts then gives generate a placeholder. An empty one
    // would not count as absent there, and the CLI would try to download an engine.
    env: withoutDatabaseUrl({ ...process.env, CI: "true" }),
  });
  if (install.status !== 0) throw new Error(`npm install in the release ${release.version} tree failed`);
  writeFileSync(ready, `${release.version} ${release.commit}\n`);
  return { dir, preparedMs: Date.now() - started };
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  delete env.DATABASE_URL;
  return env;
}

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || null;
  } catch {
    return null;
  }
}
