// The app's own TypeScript source, for tests that read it whole (Prisma's generated client aside).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export function sourceFiles(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return /\.tsx?$/.test(entry) ? [entry] : [];
  if (entry === path.join("lib", "generated")) return [];
  return readdirSync(entry).flatMap((name) => sourceFiles(path.join(entry, name)));
}
