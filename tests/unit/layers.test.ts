// The layers are held by lint (eslint.config.mjs): each rule is shown to fire on a breach, in a
// real file of the layer, so a config change that silently disables one fails here.
import { readFile } from "node:fs/promises";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Only the layer rules, without type information: the same config, a fraction of the time.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => ruleId.startsWith("no-restricted"),
});

async function messagesFor(filePath: string, prepend: string): Promise<string[]> {
  const text = prepend + (await readFile(filePath, "utf8"));
  const [result] = await eslint.lintText(text, { filePath });
  return result!.messages.filter((m) => m.ruleId?.startsWith("no-restricted")).map((m) => m.message);
}

describe("layers", () => {
  it("lib/service imports no other part of the app, no database and no React", async () => {
    const file = "lib/service/transactions.ts";
    expect(await messagesFor(file, 'import "@/lib/db";\n')).toEqual([
      expect.stringContaining("lib/service imports nothing"),
    ]);
    expect(await messagesFor(file, 'import "../splits/money";\n')).toEqual([
      expect.stringContaining("outside its folder"),
    ]);
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

  it("the emulator imports nothing from the app", async () => {
    const file = "emulator/state.ts";
    expect(await messagesFor(file, 'import "../lib/env";\n')).toEqual([
      expect.stringContaining("nothing from the app"),
    ]);
    expect(await messagesFor(file, 'import "@/lib/env";\n')).toEqual([expect.stringContaining("nothing from the app")]);
  }, 60_000);

  it("a server module says server-only", async () => {
    const file = "lib/outbox/tick.ts";
    const text = (await readFile(file, "utf8")).replace('import "server-only";\n', "");
    const [result] = await eslint.lintText(text, { filePath: file });
    expect(result!.messages.map((m) => m.message)).toContainEqual(expect.stringContaining('import "server-only"'));
  }, 60_000);
});
