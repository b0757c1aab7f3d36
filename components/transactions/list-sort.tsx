"use client";

import { Field } from "@/components/ui/field";

/** The list's orders as the admin reads them; each is `sort` and `order` in the address. */
export const SORT_CHOICES = [
  { value: "date-desc", label: "Newest first", caption: "newest first" },
  { value: "date-asc", label: "Oldest first", caption: "oldest first" },
  { value: "amount-desc", label: "Largest amount first", caption: "largest amount first" },
  { value: "amount-asc", label: "Smallest amount first", caption: "smallest amount first" },
  { value: "donor-asc", label: "Donor A to Z", caption: "by donor, A to Z" },
  { value: "donor-desc", label: "Donor Z to A", caption: "by donor, Z to A" },
] as const;
export type SortChoice = (typeof SORT_CHOICES)[number];

/** The choice an address asks for; a sort or direction it does not know reads as the default. */
export function sortChoice(sort: string | null, order: string | null): SortChoice {
  const key = sort ?? "date";
  const direction = order ?? (key === "donor" ? "asc" : "desc");
  return SORT_CHOICES.find((c) => c.value === `${key}-${direction}`) ?? SORT_CHOICES[0];
}

type Props = { choice: SortChoice; onChange: (sort: string, order: string) => void };

export function ListSort({ choice, onChange }: Props) {
  return (
    <Field id="list-sort" label="Sort" className="list-sort">
      {(control) => (
        <select
          {...control}
          value={choice.value}
          onChange={(e) => {
            const [sort = "date", order = "desc"] = e.target.value.split("-");
            onChange(sort, order);
          }}
        >
          {SORT_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
