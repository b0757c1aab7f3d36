"use client";

// "Copy the split of another gift": the gift is found as the gifts list finds it (GET
// /api/transactions: a donor's name, an amount, a gift id; a date as YYYY-MM-DD is that day),
// among split gifts only (an unsplit one has nothing to copy), in a combobox walked with the
// keyboard like the name pickers (downshift's useCombobox: the highlighted gift is
// aria-activedescendant; Enter chooses it). Nobody knows a gift by the service's id.
import { useCombobox } from "downshift";
import { useEffect, useState } from "react";
import { useMenuPlacement } from "@/components/name-picker/menu-placement";
import { searchGifts } from "@/lib/hooks/template-calls";
import { formatCents } from "@/lib/splits/money";
import type { TransactionView } from "@/lib/transactions/read";

/** Gifts shown at most: the admin narrows with more words. */
const SHOWN = 8;
const WAIT_MS = 250;

export type FoundGift = Pick<
  TransactionView,
  "transactionId" | "contactName" | "amountCents" | "currency" | "occurredAt"
>;

/** The query of the gifts list for what the admin typed: a day, or the list's own search. */
export function giftQuery(text: string): URLSearchParams {
  const typed = text.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(typed) ? typed : null;
  return new URLSearchParams({
    ...(day ? { after: day, before: day } : { search: typed }),
    split: "split",
    perPage: String(SHOWN + 1),
    sort: "date",
  });
}

export function describeGift(gift: FoundGift): string {
  return `${gift.contactName ?? "No donor"} · ${formatCents(gift.amountCents, gift.currency)} · ${gift.occurredAt.slice(0, 10)}`;
}

type Props = {
  id: string;
  label: string;
  /** The gift in the editor: never offered as its own source. */
  exclude: string;
  onChoose: (gift: FoundGift | null) => void;
};

export function GiftSearchPicker({ id, label, exclude, onChoose }: Props) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<{ for: string; gifts: FoundGift[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<FoundGift | null>(null);
  const typed = text.trim();
  // The chosen gift's words in the field are not a new search.
  const searching = typed !== "" && !(chosen && text === describeGift(chosen));

  useEffect(() => {
    if (!searching) return;
    let live = true;
    const timer = setTimeout(() => {
      searchGifts(giftQuery(typed))
        .then((page) => {
          if (!live) return;
          setFailed(false);
          setFound({ for: typed, gifts: page.items.filter((g) => g.transactionId !== exclude).slice(0, SHOWN) });
        })
        .catch(() => live && setFailed(true));
    }, WAIT_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed, searching, exclude]);

  const gifts = searching && found?.for === typed ? found.gifts : [];
  const combo = useCombobox<FoundGift>({
    id: `${id}-combobox`,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    items: gifts,
    itemToString: (gift) => (gift ? describeGift(gift) : ""),
    itemToKey: (gift: FoundGift | null) => gift?.transactionId ?? "",
    inputValue: text,
    // Typing starts a new choice: the gift chosen before is let go.
    stateReducer: (_state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.InputChange ? { ...changes, selectedItem: null } : changes,
    onInputValueChange: ({ inputValue }) => setText(inputValue),
    onSelectedItemChange: ({ selectedItem }) => {
      setChosen(selectedItem ?? null);
      onChoose(selectedItem ?? null);
    },
  });
  const placement = useMenuPlacement(combo.isOpen, id);
  const status = !searching
    ? null
    : failed
      ? "The gifts could not be searched. Try again."
      : found?.for !== typed
        ? "Searching…"
        : gifts.length === 0
          ? "No split gift matches. Try a donor's name, an amount like 25.00, or a date like 2026-11-01."
          : null;

  return (
    <div className="field field--grow">
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <div className={`picker${combo.isOpen ? " picker--open" : ""}`}>
        <input
          className="picker__input"
          placeholder="Donor, amount or date"
          {...combo.getInputProps({
            "aria-describedby": `${id}-hint`,
            // The text changes in the event itself, as the name pickers do (a late value drops keys).
            onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
              setText(event.target.value);
            },
          })}
        />
        <ul className="picker__menu" style={placement} {...combo.getMenuProps({ "aria-label": `Gifts for ${label}` })}>
          {combo.isOpen &&
            gifts.map((gift, index) => (
              <li
                key={gift.transactionId}
                className={`picker__item${combo.highlightedIndex === index ? " is-highlighted" : ""}`}
                {...combo.getItemProps({ item: gift, index })}
              >
                {describeGift(gift)}
              </li>
            ))}
        </ul>
      </div>
      <p className="field__hint" id={`${id}-hint`} aria-live="polite">
        {status ?? "Find it by donor, amount or date; ↓ and Enter choose it."}
      </p>
    </div>
  );
}
