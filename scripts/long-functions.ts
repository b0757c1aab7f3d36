// Lists every function over 80 lines (blank lines and comments not counted) outside tests,
// longest first, to find what to split. `npx tsx scripts/long-functions.ts [max]`. A report, not a gate:
// eslint's own max-lines-per-function run over the code with no other rule, so it needs no
// change to eslint.config.mjs and reads the same lines eslint would.
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";

const max = Number(process.argv[2] ?? 80);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  // Other rules named in eslint-disable comments are unknown here; those comments are not checked.
  overrideConfig: [
    {
      ignores: [
        ".next/**",
        "node_modules/**",
        "lib/generated/**",
        "tests/**",
        "**/*.test.ts",
        "**/*.spec.ts",
        ".data/**",
        "test-results/**",
        "playwright-report/**",
      ],
    },
    {
      files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      linterOptions: { reportUnusedDisableDirectives: "off" },
      rules: { "max-lines-per-function": ["error", { max, skipBlankLines: true, skipComments: true, IIFEs: true }] },
    },
  ],
});

const rows: { lines: number; where: string; what: string }[] = [];
for (const result of await eslint.lintFiles(["."])) {
  for (const m of result.messages) {
    if (m.ruleId !== "max-lines-per-function") continue;
    rows.push({
      lines: Number(/\((\d+)\)/.exec(m.message)?.[1] ?? 0),
      where: `${result.filePath.replace(`${process.cwd()}/`, "")}:${m.line}`,
      what: m.message.replace(/ has too many lines.*/, ""),
    });
  }
}
rows.sort((a, b) => b.lines - a.lines);
for (const r of rows) console.log(String(r.lines).padStart(4), r.where, r.what);
console.log(`${rows.length} functions over ${max} lines`);
