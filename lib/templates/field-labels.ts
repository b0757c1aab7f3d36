// The template form's fields by the names the admin reads on screen, so that every error says
// which field it belongs to ("Line 2, percent: Enter a percentage."), whether the browser's check
// or the server's (422 fields keyed by path, "lines.1.fundId") found it. Shared: the form uses it.
const LINE_FIELDS: Record<string, string> = {
  kind: "kind",
  figure: "figure",
  fund: "fund",
  fundId: "fund id",
  campaign: "campaign",
  campaignId: "campaign id",
  parentCampaign: "parent campaign",
  parentCampaignId: "parent campaign id",
};

/** "lines.1.figure" → "Line 2, percent" (the figure named by the line's kind). */
export function templateFieldLabel(path: string, kinds: readonly (string | undefined)[] = []): string {
  if (path === "name") return "Name";
  if (path === "appliesTo.value" || path === "appliesTo") return "What it applies to";
  if (path === "appliesTo.kind") return "Applies to";
  if (path === "autoSend") return "Send automatically";
  const line = /^lines\.(\d+)\.(\w+)$/.exec(path);
  if (line) {
    const index = Number(line[1]);
    const field = line[2] ?? "";
    const figure = kinds[index] === "fixed" ? "amount" : "percent";
    return `Line ${index + 1}, ${field === "figure" ? figure : (LINE_FIELDS[field] ?? field)}`;
  }
  if (path.startsWith("lines")) return "Lines";
  return path;
}

/** Every error of a nested errors object (react-hook-form's shape) as "path" → message. */
export function flattenErrors(errors: unknown, prefix = ""): { path: string; message: string }[] {
  if (!errors || typeof errors !== "object") return [];
  const out: { path: string; message: string }[] = [];
  const own = errors as { message?: unknown; ref?: unknown; type?: unknown };
  if (typeof own.message === "string" && own.message) out.push({ path: prefix, message: own.message });
  for (const [key, value] of Object.entries(errors)) {
    if (key === "message" || key === "ref" || key === "type" || key === "types") continue;
    out.push(...flattenErrors(value, key === "root" ? prefix : prefix ? `${prefix}.${key}` : key));
  }
  return out;
}
