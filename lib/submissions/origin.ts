// Where a submission came from, in the admin's words: the split editor, a bulk file or rule, a
// template's proposals approved in "To allocate", or a template's proposals the worker sent by
// itself. Pure and free of server code: the History page and its CSV share it.

export type SubmissionOrigin =
  | { kind: "editor" }
  | { kind: "csv" | "rule"; draftId: string; label: string }
  /** `templates`: the names of the templates whose proposals it sent (a deleted one has none). */
  | { kind: "template"; templates: string[]; automatic: boolean };

const quoted = (names: readonly string[]) =>
  names.length <= 2 ? names.map((n) => `“${n}”`).join(" and ") : `“${names[0]}” and ${names.length - 1} more`;

/** "Split editor", "File spring.csv", "Rule Move Gala", "Template “Monthly”, sent automatically". */
export function originLabel(origin: SubmissionOrigin): string {
  switch (origin.kind) {
    case "editor":
      return "Split editor";
    case "csv":
      return `File ${origin.label}`;
    case "rule":
      return `Rule ${origin.label}`;
    case "template": {
      const names =
        origin.templates.length === 0
          ? "A template (since deleted)"
          : `Template${origin.templates.length === 1 ? "" : "s"} ${quoted(origin.templates)}`;
      return origin.automatic ? `${names}, sent automatically` : `${names}, approved in To allocate`;
    }
  }
}
