import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

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
  // Layers (docs/architecture.md, "Layers"): habit is not enough to hold them.
  {
    // The service's client knows the service and nothing of the app: no other lib domain, no
    // database, no React or Next.js. It may be lifted out and tested against any server.
    files: ["lib/service/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^@/(?!lib/service/)", message: "lib/service imports nothing of the app's other parts." },
            { regex: "^\\.\\./", message: "lib/service imports nothing outside its folder." },
            {
              regex: "^(react|react-dom|next|next-auth|@prisma|pg)(/|$)",
              message: "lib/service knows no React, Next.js or database.",
            },
          ],
        },
      ],
    },
  },
  {
    // Components render view types; the database and its types stay on the server side of lib.
    files: ["components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/lib/db|@/lib/generated/|@prisma/|pg$)",
              message: "Components take view types from lib, never the database client or Prisma's types.",
            },
          ],
        },
      ],
    },
  },
  {
    // The emulator stands in for a service nobody here wrote: sharing the app's code would let
    // a mistake in one agree with the same mistake in the other.
    files: ["emulator/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^@/", message: "The emulator imports nothing from the app." },
            {
              regex: "^(\\.\\./)+(lib|app|components|scripts|tests|bench|proxy|instrumentation)(/|$|\\.)",
              message: "The emulator imports nothing from the app.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every server module says so: importing one from a client component then fails the build
    // instead of shipping server code (or a secret) to the browser. The files listed under
    // `ignores` are shared: the browser loads them, or the launcher, next.config.ts or proxy.ts do.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: [
      "lib/generated/**",
      "lib/splits/**",
      "lib/hooks/**",
      "lib/service/import-rows.ts",
      "lib/service/transaction-ref.ts",
      "lib/bulk/api-schemas.ts",
      "lib/bulk/csv-format.ts",
      "lib/bulk/csv-read.ts",
      "lib/bulk/csv-encoding.ts",
      "lib/bulk/rule.ts",
      "lib/transactions/page-number.ts",
      "lib/templates/schema.ts",
      "lib/templates/shares.ts",
      "lib/templates/describe.ts",
      "lib/templates/editor-lines.ts",
      "lib/submissions/final-statuses.ts",
      "lib/submissions/submission-state.ts",
      "lib/submissions/moves.ts",
      "lib/api-client.ts",
      "lib/query-client.ts",
      "lib/scopes.ts",
      "lib/unicode.ts",
      "lib/uuid.ts",
      "lib/zod-csp.ts",
      "lib/env.ts",
      "lib/security/csp.ts",
      "lib/when.ts",
      "lib/return-path.ts",
      "lib/gift-name.ts",
      "lib/transactions/gifts-copied.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program:not(:has(ImportDeclaration[source.value='server-only']))",
          message:
            'A server module starts with import "server-only"; a module the browser loads too is listed as shared in eslint.config.mjs.',
        },
      ],
    },
  },
);
