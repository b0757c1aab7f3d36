// The split's fields as zod reads them where they come back as JSON (a statement's json_agg, a
// stored snapshot), built from split.ts's field lists so that a field is named once.
import "@/lib/zod-csp";
import { z } from "zod";
import { PLACEMENT_FIELDS, type Split } from "./split";

/** Nullable text for each field named: `{ campaign: z.string().nullable(), … }`. */
export function nullableTextFields<F extends string>(fields: readonly F[]) {
  return Object.fromEntries(fields.map((f) => [f, z.string().nullable()])) as {
    [K in F]: z.ZodNullable<z.ZodString>;
  };
}

/** A split as JSON gives it: its placement's text null where it has none, but the fund's. */
export const splitJsonShape = {
  splitId: z.string(),
  unitAmountCents: z.number().int(),
  quantity: z.number().int(),
  ...nullableTextFields(PLACEMENT_FIELDS),
  fund: z.string(),
} satisfies { [K in keyof Split]: z.ZodType<Split[K]> };
