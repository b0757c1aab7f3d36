// Campaign and fund names an admin types, held against the names the organization already uses:
// the exact name, names that differ only in case or spacing, and small typos ("Operatons") are
// found, so a slip of the keyboard never creates a new fund unnoticed.

export function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Letters and digits only: "Food-Purchasing" and "Food Purchasing" read the same. */
function squashed(name: string): string {
  return normalizeName(name).replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), stopped early once
 * it is certain to exceed `limit`: names are short and the catalogue may hold thousands.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Typos allowed for a name of this length: none for very short names, then one, then two. */
function allowance(length: number): number {
  return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

export type NameMatch<T> = { exact: T | null; near: T[] };

/**
 * The known entry with exactly this name, and the ones it nearly matches (same letters in another
 * case or spacing first, then by fewest edits), at most `limit` of them.
 */
export function matchName<T extends { name: string }>(text: string, known: readonly T[], limit = 3): NameMatch<T> {
  const typed = text.trim();
  if (!typed) return { exact: null, near: [] };
  const exact = known.find((k) => k.name === typed) ?? null;
  if (exact) return { exact, near: [] };
  const squash = squashed(typed);
  const normal = normalizeName(typed);
  const scored: { entry: T; score: number }[] = [];
  for (const entry of known) {
    if (squashed(entry.name) === squash) {
      scored.push({ entry, score: 0 });
      continue;
    }
    const limitHere = allowance(Math.min(normal.length, entry.name.length));
    if (limitHere === 0) continue;
    const distance = editDistance(normal, normalizeName(entry.name), limitHere);
    if (distance <= limitHere) scored.push({ entry, score: distance });
  }
  scored.sort((a, b) => a.score - b.score || a.entry.name.localeCompare(b.entry.name));
  return { exact: null, near: scored.slice(0, limit).map((s) => s.entry) };
}

/** Known names containing the text (case-insensitive), those that start with it first. */
export function filterNames<T extends { name: string }>(text: string, known: readonly T[]): T[] {
  const needle = normalizeName(text);
  if (!needle) return [...known];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const entry of known) {
    const name = normalizeName(entry.name);
    if (name.startsWith(needle)) starts.push(entry);
    else if (name.includes(needle)) contains.push(entry);
  }
  return [...starts, ...contains];
}
