import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";
import layers, { SERVER_FILES, SERVER_FOLDERS } from "./scripts/eslint-layers.mjs";

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "lib/generated/**",
      "test-results/**",
      "playwright-report/**",
      ".data/**",
      "next-env.d.ts",
    ],
  },
  ...nextVitals,
  ...nextTypescript,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Type-aware rules that catch real bugs in async server code.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Layers (docs/architecture.md, "Layers"): habit is not enough to hold them. Each import is
  // resolved to the file it names (scripts/eslint-layers.mjs), so `../../lib/db` and
  // `import("@/lib/db")` meet the same rule as `@/lib/db`:
  // - lib/service imports nothing of the app's other parts, no React, Next.js or database: the
  //   service's client could be lifted out and tested against any server;
  // - components never import the database client or Prisma's types, nor app/;
  // - lib never imports app/ or components/;
  // - a shared lib module (no `import "server-only"`) imports neither the database, nor a
  //   server-only module, nor a server package;
  // - the emulator imports nothing from the app: it stands in for a service nobody here wrote, and
  //   sharing code would let a mistake in one agree with the same mistake in the other.
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx", "components/**/*.ts", "components/**/*.tsx", "emulator/**/*.ts"],
    ignores: ["lib/generated/**"],
    plugins: { layers },
    rules: { "layers/imports": "error" },
  },
  {
    // lib's folders in one order, lowest first (FOLDER_ORDER in scripts/eslint-layers.mjs): none
    // imports a higher one, type-only imports included, so no ring of folders can form, however
    // long; no-cycle below sees only rings of files.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/generated/**"],
    plugins: { layers },
    rules: { "layers/folder-order": "error" },
  },
  {
    // One way to hand-written SQL (docs/architecture.md, "Database access").
    files: ["{app,lib,scripts,probe}/**/*.{ts,tsx}", "*.ts"],
    ignores: ["lib/generated/**", "lib/db-sql.ts"],
    plugins: { layers },
    rules: { "layers/raw-sql": "error" },
  },
  {
    // No two modules import each other, however long the ring.
    files: ["{app,components,lib,emulator,probe,scripts}/**/*.{ts,tsx}", "*.ts"],
    ignores: ["lib/generated/**"],
    plugins: { layers },
    rules: { "layers/no-cycle": "error" },
  },
  {
    // The browser holds one copy of react-hook-form for every page, with every hook any of them
    // uses, and the split editor's first load carries it (its budget is 160 kB): forms keep to
    // useForm, useFieldArray and useWatch. Controller/useController, with the useFormState inside,
    // added 0.9 kB to the editor and /bulk (bench/RESULTS.md); a bound field watches its value and
    // calls its registered handlers instead (components/templates/template-name-field.tsx).
    files: ["components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-hook-form",
              importNames: ["Controller", "useController", "useFormState"],
              message:
                "Kept off every form's first load (eslint.config.mjs): watch the value with useWatch and call register()'s handlers.",
            },
          ],
        },
      ],
    },
  },
  {
    // One contract per endpoint (lib/contracts): the browser names a route's answer through its
    // contract, fetchContract<typeof contract>, never by a type written at the call, which
    // would drift from what the route returns.
    files: ["{app,components,lib}/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='apiFetch'][typeArguments]",
          message: "Call the route through fetchContract<typeof itsContract> (lib/contracts), not apiFetch<Answer>.",
        },
        {
          selector:
            "CallExpression[callee.name=/^(fetchContract|saveContract)$/] > TSTypeParameterInstantiation > :not(TSTypeQuery)",
          message:
            "fetchContract and saveContract take the route's contract as `typeof contract` (lib/contracts), not a type written here.",
        },
      ],
    },
  },
  {
    // Server-only by path: every module in these folders starts with import "server-only", so a
    // client component importing one fails the build instead of shipping server code (or a
    // secret) to the browser. Elsewhere in lib/ the file says which it is, and a shared one is held
    // to shared imports by layers/imports above.
    files: [...SERVER_FOLDERS.flatMap((folder) => [`${folder}/**/*.ts`, `${folder}/**/*.tsx`]), ...SERVER_FILES],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program:not(:has(ImportDeclaration[source.value='server-only']))",
          message: `A module in ${SERVER_FOLDERS.join(", ")} starts with import "server-only".`,
        },
      ],
    },
  },
);
