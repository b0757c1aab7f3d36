// An import call carries at most 100 rows (docs/service.md, "Imports") and a gift's rows go in one call,
// removals included, so a gift holds at most this many lines. On its own, without the sum rule's words (sum.ts): the
// editor's first load needs only the number, for its "Add line" button.
export const MAX_ROWS_PER_TRANSACTION = 100;
