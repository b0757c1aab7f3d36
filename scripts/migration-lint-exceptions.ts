// Findings of `npm run lint:migrations` accepted on purpose, each with its reason. A migration
// once applied is never edited (Prisma keeps its checksum and every install has run it), so what
// the migrations of 0.1.0 did is accepted here rather than rewritten. A later contract migration
// (a drop or rename a release after the code stopped using the old shape) is listed here too,
// naming the release that stopped using it (docs/architecture.md, "Migration policy").
import type { Exception } from "./migration-lint";

/** 0.1.0 was the first release: no earlier release runs on its schema, and it had no policy yet. */
const FIRST_RELEASE = "Part of 0.1.0, the first release, applied on every install";

export const MIGRATION_LINT_EXCEPTIONS: readonly Exception[] = [
  {
    migration: "20261123180915_transactions_sync_at_scale",
    rules: ["require-concurrent-index-creation", "require-concurrent-index-deletion", "backfill-in-migration"],
    reason: `${FIRST_RELEASE}. The copy of gifts was new then (a few hundred rows per organization): its indexes and the searchText backfill took milliseconds.`,
  },
  {
    migration: "20261123190000_submission_row_transaction_index",
    rules: ["require-concurrent-index-creation"],
    reason: `${FIRST_RELEASE}. SubmissionRow held test data only when it ran.`,
  },
  {
    migration: "20261123203000_batch_names",
    rules: ["renaming-table", "renaming-column", "renaming-type"],
    reason: `${FIRST_RELEASE}. The rename that breaks code from before it (it fails with relation "SubmissionChunk" does not exist); no release ever ran on the schema before it. From 0.1.0 on, a rename is expand then contract.`,
  },
  {
    migration: "20261123225721_known_names_and_donor_search",
    rules: [
      "require-concurrent-index-creation",
      "require-concurrent-index-deletion",
      "renaming-column",
      "backfill-in-migration",
    ],
    reason: `${FIRST_RELEASE}. searchText became contactSearch in the same release as the code that reads it; no release read searchText.`,
  },
  {
    migration: "20261123231000_gifts_without_connection_key",
    rules: ["dropping-constraint"],
    reason: `${FIRST_RELEASE}. The foreign key's cascade is replaced by triggers in the same migration, so code of either side sees gifts removed with their connection.`,
  },
  {
    migration: "20261124023000_donor_names_without_accents",
    rules: ["backfill-in-migration"],
    reason: `${FIRST_RELEASE}. Folds the donor names already stored; its comment says how instances still running the release before behave.`,
  },
];
