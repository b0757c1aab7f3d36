// No tracked file cites the old issue tracker by number: whoever carries the project on never saw
// that tracker, so a comment or a doc says what it means (the behaviour, the bug, the target)
// instead. Applied migrations are left out: Prisma checksums them, so they are never edited.
// lib/generated is Prisma's output of prisma/schema.prisma, which is scanned.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const MENTION = /\b[Ii]ssues? ?#?[0-9]+/;
const LEFT_OUT = ["prisma/migrations/", "lib/generated/"];

/** The 1-based numbers of the lines of `text` that cite an issue by number. */
function mentionLines(text: string): number[] {
  return text.split("\n").flatMap((line, i) => (MENTION.test(line) ? [i + 1] : []));
}

function trackedTextFiles(): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0");
  return files.filter((f) => f !== "" && !LEFT_OUT.some((dir) => f.startsWith(dir)) && existsSync(f));
}

describe("issue numbers", () => {
  it("are recognized in the ways they were written", () => {
    // Built from parts, so this file holds no mention itself.
    const n = "31";
    for (const text of [`(issue ${n}, item 1)`, `Issue ${n}: x`, `Issues ${n} and 11`, `issue #${n}`, `issue${n}`]) {
      expect(mentionLines(`a\n${text}`), text).toEqual([2]);
    }
    for (const text of ["the issue was written", "issues/12 in a URL", "tissue 3"]) {
      expect(mentionLines(text), text).toEqual([]);
    }
  });

  it("appear in no tracked file outside applied migrations", () => {
    const found = trackedTextFiles().flatMap((file) => {
      const bytes = readFileSync(file);
      if (bytes.includes(0)) return []; // binary
      return mentionLines(bytes.toString("utf8")).map((line) => `${file}:${line}`);
    });
    expect(found, "say what the issue meant instead of its number").toEqual([]);
  });
});
