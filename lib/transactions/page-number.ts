// The page number an admin types to jump to: a whole number from 1 to the last page, written with
// or without thousands separators ("1,234"). Shared by the list's jump field and its unit tests.
import type { Parsed } from "@/lib/splits/money";

export function parsePageNumber(text: string, pages: number): Parsed<number> {
  const range = `Enter a page number from 1 to ${pages.toLocaleString("en-US")}.`;
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: range };
  if (!/^(?:\d{1,3}(?:,\d{3})+|\d{1,9})$/.test(trimmed)) return { ok: false, error: `${range} Use digits only.` };
  const page = Number(trimmed.replaceAll(",", ""));
  if (page < 1 || page > pages) return { ok: false, error: range };
  return { ok: true, value: page };
}
