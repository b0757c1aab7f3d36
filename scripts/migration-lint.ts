// The migration linter's rules (docs/architecture.md, "Migration policy"): squawk (npm
// squawk-cli, a maintained PostgreSQL migration linter, configured in .squawk.toml) for what it
// knows, and a few of the project's own for what it does not (renamed types, dropped objects
// other than tables and columns, backfills). Findings listed in
// scripts/migration-lint-exceptions.ts are accepted with their reason; an exception that matches
// nothing is a finding too, so the list never outlives what it excuses.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type Finding = { migration: string; line: number; rule: string; message: string };
export type Exception = { migration: string; rules: string[]; reason: string };

/** Rules squawk lacks; each statement is read with its comments removed. */
const OWN_RULES: { rule: string; test: RegExp; message: string }[] = [
  {
    rule: "renaming-type",
    test: /^ALTER\s+TYPE\s+\S+\s+RENAME\b/i,
    message: "Renaming a type (or an enum value) breaks the release still running, which casts to the old name.",
  },
  {
    rule: "dropping-object",
    test: /^DROP\s+(TYPE|VIEW|MATERIALIZED\s+VIEW|FUNCTION|TRIGGER|SEQUENCE)\b/i,
    message: "Dropping a type, view, function, trigger or sequence may break the release still running: contract a release later.",
  },
  {
    rule: "dropping-constraint",
    test: /^ALTER\s+TABLE\b[\s\S]*\bDROP\s+CONSTRAINT\b/i,
    message: "Dropping a constraint may break the release still running (ON CONFLICT, cascades it relies on): contract a release later.",
  },
  {
    rule: "backfill-in-migration",
    test: /^(UPDATE|DELETE\s+FROM)\b/i,
    message:
      "A backfill in a migration holds a lock on every row it changes until it ends, blocking the sync's and the outbox's writes to them: backfill in batches from the app, or accept it for a small table.",
  },
];

export function migrationFolders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** squawk's findings for these migration folders (its binary, from node_modules). */
export function squawkFindings(root: string, folders: string[], config: string): Finding[] {
  if (folders.length === 0) return [];
  const result = spawnSync(
    path.resolve("node_modules/.bin/squawk"),
    ["--config", config, "--reporter", "json", ...folders.map((f) => path.join(root, f, "migration.sql"))],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  // squawk exits 1 when it found something; anything else without JSON is a failure to run.
  let parsed: { file: string; line: number; rule_name: string; message: string }[];
  try {
    parsed = JSON.parse(result.stdout || "[]") as typeof parsed;
  } catch {
    throw new Error(`squawk did not run: ${result.stderr || result.stdout}`);
  }
  return parsed.map((v) => ({
    migration: path.basename(path.dirname(v.file)),
    line: v.line + 1, // squawk counts lines from 0
    rule: v.rule_name,
    message: v.message,
  }));
}

/** The project's own rules over one migration's SQL, statement by statement as the runner splits it. */
export function ownFindings(migration: string, sql: string): Finding[] {
  const findings: Finding[] = [];
  let offset = 0;
  for (const piece of sql.split(";")) {
    const startLine = sql.slice(0, offset).split("\n").length;
    offset += piece.length + 1;
    const lines = piece.split("\n");
    const first = lines.findIndex((l) => l.replace(/--.*$/, "").trim() !== "");
    if (first < 0) continue;
    const statement = lines
      .map((l) => l.replace(/--.*$/, ""))
      .join("\n")
      .trim();
    for (const { rule, test, message } of OWN_RULES) {
      if (test.test(statement)) findings.push({ migration, line: startLine + first, rule, message });
    }
  }
  return findings;
}

export function lintMigrations(root: string, config: string, exceptions: readonly Exception[]) {
  const folders = migrationFolders(root);
  const findings = [
    ...squawkFindings(root, folders, config),
    ...folders.flatMap((f) => ownFindings(f, readFileSync(path.join(root, f, "migration.sql"), "utf8"))),
  ].sort((a, b) => a.migration.localeCompare(b.migration) || a.line - b.line);
  const excused = (f: Finding) => exceptions.some((e) => e.migration === f.migration && e.rules.includes(f.rule));
  const refused = findings.filter((f) => !excused(f));
  const accepted = findings.filter(excused);
  const stale = exceptions.flatMap((e) =>
    e.rules
      .filter((rule) => !findings.some((f) => f.migration === e.migration && f.rule === rule))
      .map((rule) => `${e.migration} ${rule}`),
  );
  return { folders, refused, accepted, stale };
}
