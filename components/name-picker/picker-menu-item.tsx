import { forwardRef, type LiHTMLAttributes } from "react";
import { DEFAULT_CAMPAIGN_LABEL, type MenuItem, type PickerKind, WHAT } from "./picker-logic";

type Props = LiHTMLAttributes<HTMLLIElement> & {
  item: MenuItem;
  kind: PickerKind;
  highlighted: boolean;
  selected: boolean;
  /** ArrowDown stopped at the last known name: one more press highlights this "Create new …". */
  armed?: boolean;
};

/** One choice of a picker, in words: a known name, a suggestion, or an explicit action. */
export const PickerMenuItem = forwardRef<HTMLLIElement, Props>(function PickerMenuItem(
  { item, kind, highlighted, selected, armed, ...props },
  ref,
) {
  const className = `picker__item${highlighted ? " is-highlighted" : ""}${item.kind !== "option" ? " picker__item--action" : ""}`;
  return (
    <li ref={ref} className={className} {...props}>
      <ItemText item={item} kind={kind} />
      {selected && <span className="picker__check"> (current)</span>}
      {armed && <span className="picker__note"> · press ↓ again to choose it</span>}
    </li>
  );
});

function ItemText({ item, kind }: { item: MenuItem; kind: PickerKind }) {
  switch (item.kind) {
    case "option":
      return (
        <>
          {item.nearMatch ? (
            <>
              Did you mean <strong>{item.option.name}</strong>?
            </>
          ) : (
            item.option.name
          )}
          {item.option.isNew && <span className="picker__note"> · new</span>}
          {kind === "campaign" && item.option.parent && (
            <span className="picker__note"> · in {item.option.parent}</span>
          )}
        </>
      );
    case "create":
      return (
        <>
          Create new {WHAT[kind]} “{item.name}”
        </>
      );
    case "default":
      return (
        <>
          {DEFAULT_CAMPAIGN_LABEL}{" "}
          <span className="picker__note">· the service files it under the app&apos;s name</span>
        </>
      );
    case "none":
      return <>Keep the campaign&apos;s current parent</>;
  }
}
