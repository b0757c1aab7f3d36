// The layers are held by lint (eslint.config.mjs, scripts/eslint-layers.mjs): each rule is shown to
// fire on a breach, in a real file of the layer, so a config change that silently disables one
// fails here; and the whole tree is shown to keep them.
import { readFile } from "node:fs/promises";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Only the layer rules, without type information: the same config, a fraction of the time.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => isLayerRule(ruleId),
});

function isLayerRule(ruleId: string | null): boolean {
  return ruleId !== null && (ruleId.startsWith("no-restricted") || ruleId.startsWith("layers/"));
}

async function messagesFor(filePath: string, prepend: string): Promise<string[]> {
  const text = prepend + (await readFile(filePath, "utf8"));
  const [result] = await eslint.lintText(text, { filePath });
  return result!.messages.filter((m) => isLayerRule(m.ruleId)).map((m) => m.message);
}

describe("layers", () => {
  it("lib/service imports no other part of the app, no database and no React", async () => {
    const file = "lib/service/transactions.ts";
    expect(await messagesFor(file, 'import "@/lib/db";\n')).toEqual([
      expect.stringContaining("lib/service imports nothing"),
    ]);
    // lib/service is also the lowest folder but one (FOLDER_ORDER): both rules see it.
    expect(await messagesFor(file, 'import "../splits/money";\n')).toEqual([
      expect.stringContaining("outside its folder"),
      expect.stringContaining("lib/service sits below lib/splits"),
    ]);
    expect(await messagesFor(file, 'void import("../db");\n')).toEqual([expect.stringContaining("outside its folder")]);
    expect(await messagesFor(file, 'import "react";\n')).toEqual([expect.stringContaining("no React")]);
    expect(await messagesFor(file, 'import "./errors";\n')).toEqual([]);
  }, 60_000);

  it("components take no database client or Prisma type", async () => {
    const file = "components/history/submission-detail.tsx";
    expect(await messagesFor(file, 'import type { Submission } from "@/lib/generated/prisma/client";\n')).toEqual([
      expect.stringContaining("view types"),
    ]);
    expect(await messagesFor(file, 'import "@/lib/db";\n')).toEqual([expect.stringContaining("view types")]);
  }, 60_000);

  it("components reach the database by no other way: relative, dynamic, re-exported or required", async () => {
    const file = "components/history/submission-detail.tsx";
    for (const line of [
      'import { db } from "../../lib/db";\n',
      'import { sql } from "../../lib/db-sql.ts";\n',
      'void import("@/lib/db");\n',
      "void import(`@/lib/db`);\n",
      'export { db } from "@/lib/db";\n',
      'export * from "../../lib/generated/prisma/client";\n',
      'require("pg");\n',
    ]) {
      expect(await messagesFor(file, line), line).toEqual([expect.stringContaining("view types")]);
    }
    expect(await messagesFor(file, 'const where = "@/lib/db";\nvoid import(where);\n')).toEqual([
      expect.stringContaining("plain text"),
    ]);
    expect(await messagesFor(file, 'import "@/app/layout";\n')).toEqual([expect.stringContaining("never import app/")]);
  }, 60_000);

  it("lib imports neither app/ nor components/", async () => {
    const file = "lib/submissions/read.ts";
    expect(await messagesFor(file, 'import "@/components/ui/button";\n')).toEqual([
      expect.stringContaining("lib never imports app/ or components/"),
    ]);
    expect(await messagesFor(file, 'import "../../app/layout";\n')).toEqual([
      expect.stringContaining("lib never imports app/ or components/"),
    ]);
  }, 60_000);

  it("a shared lib module imports neither the database nor a server module nor a server package", async () => {
    for (const file of ["lib/splits/money.ts", "lib/hooks/use-busy.ts", "lib/bulk/rule.ts"]) {
      expect(await messagesFor(file, 'import "@/lib/db";\n'), file).toEqual([
        expect.stringContaining("never imports the database"),
      ]);
      expect(await messagesFor(file, 'void import("../../lib/db-sql");\n'), file).toEqual([
        expect.stringContaining("never imports the database"),
      ]);
      expect(await messagesFor(file, 'import "@/lib/log";\n'), file).toEqual([
        expect.stringContaining("imports no server module (lib/log.ts)"),
      ]);
      expect(await messagesFor(file, 'import "pino";\n'), file).toEqual([
        expect.stringContaining("imports no server package (pino)"),
      ]);
      // Types are erased before the browser sees them (lib/claims.ts is server-only).
      expect(await messagesFor(file, 'import type { RowClaim } from "@/lib/claims";\n'), file).toEqual([]);
    }
    // A server module in a folder of shared ones (lib/bulk, beside rule.ts; it says so) may.
    expect(await messagesFor("lib/bulk/check.ts", 'import "@/lib/log";\n')).toEqual([]);
  }, 60_000);

  it("the emulator imports nothing from the app", async () => {
    const file = "emulator/state.ts";
    expect(await messagesFor(file, 'import "../lib/env";\n')).toEqual([
      expect.stringContaining("nothing from the app"),
    ]);
    expect(await messagesFor(file, 'import "@/lib/env";\n')).toEqual([expect.stringContaining("nothing from the app")]);
  }, 60_000);

  it("a module of a server folder says server-only", async () => {
    for (const file of ["lib/outbox/tick.ts", "lib/read-back/run.ts", "lib/db-sql.ts"]) {
      const text = (await readFile(file, "utf8")).replace('import "server-only";\n', "");
      const [result] = await eslint.lintText(text, { filePath: file });
      expect(
        result!.messages.map((m) => m.message),
        file,
      ).toContainEqual(expect.stringContaining('starts with import "server-only"'));
    }
  }, 60_000);

  it("hand-written SQL goes through lib/db-sql.ts", async () => {
    // lib/templates was the last folder left out of the rule: it is held like the rest.
    for (const file of ["lib/submissions/list.ts", "lib/templates/match.ts"]) {
      for (const line of [
        "void db().$queryRaw`SELECT 1`;\n",
        "void db().$executeRaw`SELECT 1`;\n",
        'void db().$executeRawUnsafe("SELECT 1");\n',
      ]) {
        expect(await messagesFor(file, line), `${file}: ${line}`).toEqual([
          expect.stringContaining("goes through lib/db-sql.ts"),
        ]);
      }
    }
    expect(await messagesFor("lib/db-sql.ts", "void db().$queryRaw`SELECT 1`;\n")).toEqual([]);
  }, 60_000);

  it("no two modules import each other", async () => {
    // read.ts imports sync-progress.ts: importing read.ts back closes a ring.
    expect(await messagesFor("lib/transactions/sync-progress.ts", 'import "./read";\n')).toEqual([
      expect.stringContaining(
        "Modules import each other: lib/transactions/sync-progress.ts → lib/transactions/read.ts → lib/transactions/sync-progress.ts",
      ),
    ]);
    expect(await messagesFor("lib/transactions/sync-progress.ts", 'void import("./not-copied");\n')).toEqual([
      expect.stringContaining("Modules import each other"),
    ]);
    // A type-only import is erased: no ring at run time.
    expect(
      await messagesFor("lib/transactions/sync-progress.ts", 'import type { TransactionView } from "./read";\n'),
    ).toEqual([]);
  }, 60_000);

  it("lib's folders keep one order: none imports a higher one, however it is written", async () => {
    // lib/transactions sits below lib/templates: the sync hears of templates only as a listener.
    const file = "lib/transactions/sync-run.ts";
    for (const line of [
      'import { proposeForNewGifts } from "@/lib/templates/match";\n',
      'import "../templates/match";\n',
      'void import("@/lib/templates/after-sync");\n',
      'import type { MatchOutcome } from "@/lib/templates/match";\n',
    ]) {
      expect(await messagesFor(file, line), line).toEqual([
        expect.stringContaining("lib/transactions sits below lib/templates in FOLDER_ORDER"),
      ]);
    }
    // Lower folders, its own and lib's own modules are all right.
    for (const line of ['import "@/lib/connections/store";\n', 'import "./sync-lease";\n', 'import "@/lib/db";\n'])
      expect(await messagesFor(file, line), line).toEqual([]);
    // A ring of folders, each step a different file: lib/submissions → lib/bulk → lib/submissions.
    expect(await messagesFor("lib/submissions/history-csv.ts", 'import "@/lib/bulk/read";\n')).toEqual([
      expect.stringContaining("lib/submissions sits below lib/bulk"),
    ]);
    // lib's own modules import no folder; a new folder takes a place in the order first.
    expect(await messagesFor("lib/claims.ts", 'import "@/lib/splits/money";\n')).toEqual([
      expect.stringContaining("lib/claims.ts is one of lib's own modules"),
    ]);
    expect(await messagesFor("lib/env.ts", 'import "./when";\n')).toEqual([]);
    expect(await messagesFor("lib/csv/csv-safe.ts", 'import "@/lib/newfolder/thing";\n')).toContainEqual(
      expect.stringContaining("lib/newfolder has no place in FOLDER_ORDER"),
    );
  }, 60_000);

  it("the tree keeps every layer rule", async () => {
    const results = await eslint.lintFiles(["lib", "components", "app", "emulator", "probe", "scripts"]);
    const breaches = results.flatMap((r) =>
      r.messages.filter((m) => isLayerRule(m.ruleId)).map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(breaches).toEqual([]);
  }, 240_000);
});
