// A template in a sentence, for lists: "30% Food Purchasing · $1.00 Operations · the rest General".
import { formatBasisPoints } from "@/lib/bulk/basis-points";
import { formatCents } from "@/lib/splits/money";
import type { TemplateLine } from "./schema";

export function describeLines(lines: readonly TemplateLine[]): string {
  return lines
    .map((line) => {
      const where = [line.fund, line.campaign].filter(Boolean).join(", ");
      if (line.kind === "percent") return `${formatBasisPoints(line.basisPoints)}% ${where}`;
      if (line.kind === "fixed") return `${formatCents(line.cents)} ${where}`;
      return `the rest ${where}`;
    })
    .join(" · ");
}
