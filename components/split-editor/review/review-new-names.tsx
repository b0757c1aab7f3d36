import { Notice } from "@/components/ui/notice";
import type { EditorLine } from "@/lib/splits/editor-lines";
import type { ConfirmedName } from "@/lib/splits/schema";

/** The campaigns and funds the lines would create at the service, each once, in line order. */
export function newNamesOf(lines: readonly EditorLine[]): ConfirmedName[] {
  const found = new Map<string, ConfirmedName>();
  for (const line of lines) {
    const named: [ConfirmedName["kind"], EditorLine["campaign"]][] = [
      ["campaign", line.campaign],
      ["campaign", line.parent],
      ["fund", line.fund],
    ];
    for (const [kind, choice] of named) {
      if (choice.status === "new" && choice.name)
        found.set(nameKey({ kind, name: choice.name }), { kind, name: choice.name });
    }
  }
  return [...found.values()];
}

export const nameKey = (n: ConfirmedName) => `${n.kind}:${n.name}`;

type Props = {
  names: readonly ConfirmedName[];
  ticked: ReadonlySet<string>;
  onTick: (key: string, ticked: boolean) => void;
  disabled: boolean;
};

/**
 * The second confirmation of a new name: the picker's "Create new …" was the first. Each name has
 * its own box, unticked when the review opens, and Send waits for every one; the server refuses a
 * name that was not confirmed (lib/submissions/new-names.ts).
 */
export function ReviewNewNames({ names, ticked, onTick, disabled }: Props) {
  if (names.length === 0) return null;
  const left = names.filter((n) => !ticked.has(nameKey(n))).length;
  return (
    <Notice tone="warn" role="none">
      <p>
        {names.length === 1 ? "This name is new" : "These names are new"}: the service creates{" "}
        {names.length === 1 ? "it" : "them"} exactly as written. Check the spelling, then tick{" "}
        {names.length === 1 ? "it" : "each one"} to create {names.length === 1 ? "it" : "them"}.
      </p>
      <ul className="review-new-names">
        {names.map((n) => (
          <li key={nameKey(n)}>
            <label className="check">
              <input
                type="checkbox"
                checked={ticked.has(nameKey(n))}
                disabled={disabled}
                onChange={(e) => onTick(nameKey(n), e.target.checked)}
              />
              Create {n.kind} “{n.name}” at the service
            </label>
          </li>
        ))}
      </ul>
      {left > 0 && (
        <p className="small" id="review-new-names-left">
          {left === names.length && names.length === 1
            ? "Tick the new name to send."
            : `Tick ${left === 1 ? "1 more new name" : `${left.toLocaleString("en-US")} more new names`} to send.`}
        </p>
      )}
    </Notice>
  );
}
