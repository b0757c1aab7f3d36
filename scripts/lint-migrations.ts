// `npm run lint:migrations` (part of `npm run lint`): the migration policy's linter over
// prisma/migrations. Exits 1 on any finding not accepted in scripts/migration-lint-exceptions.ts.
import { lintMigrations } from "./migration-lint";
import { MIGRATION_LINT_EXCEPTIONS } from "./migration-lint-exceptions";

const root = process.argv[2] ?? "prisma/migrations";
const { folders, refused, accepted, stale } = lintMigrations(root, ".squawk.toml", MIGRATION_LINT_EXCEPTIONS);
for (const f of refused) console.error(`${root}/${f.migration}/migration.sql:${f.line}: ${f.rule}: ${f.message}`);
for (const s of stale) console.error(`scripts/migration-lint-exceptions.ts: ${s} matches no finding any more: remove it.`);
console.log(
  `lint:migrations: ${folders.length} migrations, ${accepted.length} findings accepted (scripts/migration-lint-exceptions.ts), ${refused.length} refused.`,
);
if (refused.length > 0 || stale.length > 0) {
  console.error(
    "A migration may only add (docs/architecture.md, \"Migration policy\"): build indexes on existing tables CONCURRENTLY, rename through a view or trigger and drop a release later, backfill from the app.",
  );
  process.exit(1);
}
