"use client";

import type { NewName, NewNames } from "@/lib/bulk/new-names";
import { useReplaceName } from "@/lib/hooks/use-bulk";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

type Props = {
  draftId: string;
  newNames: NewNames;
  source: "csv" | "rule";
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
};

const KIND: Record<NewName["kind"], string> = { campaign: "campaign", parent: "parent campaign", fund: "fund" };

/**
 * The names this allocation would create at the service, each with the known name it nearly
 * matches: a typo must not become a new fund unseen. Sending waits for the tick below the list.
 */
export function NewNamesNotice({ draftId, newNames, source, confirmed, onConfirmedChange }: Props) {
  const { names, total } = newNames;
  const replace = useReplaceName(draftId);
  const fix =
    source === "csv" ? "use the name suggested, or fix the file" : "use the name suggested, or change the rule";
  const near = names.filter((n) => n.nearMatch);
  const replacing = (n: NewName) =>
    replace.isPending && replace.variables.kind === n.kind && replace.variables.from === n.name;
  return (
    <Notice tone="warn" role="none" className="new-names">
      <p>
        <strong>
          {total === 1 ? "1 name is" : `${total.toLocaleString("en-US")} names are`} new to this organization.
        </strong>{" "}
        Sending creates {total === 1 ? "it" : "them"} at the service.
        {near.length > 0 && ` If a name is a typo, ${fix}.`}
      </p>
      <ul className="new-names__list">
        {names.map((n) => (
          <li key={`${n.kind}:${n.name}`}>
            New {KIND[n.kind]} <strong>“{n.name}”</strong>{" "}
            <span className="small">
              ({n.transactions.toLocaleString("en-US")} gift{n.transactions === 1 ? "" : "s"})
            </span>
            {n.nearMatch && (
              <>
                {" "}
                — did you mean <strong>“{n.nearMatch}”</strong>?{" "}
                <Button
                  variant="secondary"
                  disabled={replace.isPending}
                  aria-busy={replacing(n)}
                  onClick={() => replace.mutate({ kind: n.kind, from: n.name, to: n.nearMatch ?? "" })}
                >
                  {/* Renaming re-checks every line of the allocation: seconds on a large one. */}
                  {replacing(n) ? `Using “${n.nearMatch}”…` : `Use “${n.nearMatch}”`}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {total > names.length && (
        <p className="small">
          And {(total - names.length).toLocaleString("en-US")} more, tagged “new” in the gifts below.
        </p>
      )}
      {replace.error && <p className="field__error">{replace.error.message}</p>}
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirmedChange(e.target.checked)} />
        {total === 1
          ? "Create this new name at the service"
          : `Create these ${total.toLocaleString("en-US")} new names at the service`}
      </label>
    </Notice>
  );
}
