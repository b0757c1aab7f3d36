// What people type: a name (trimmed, bounded, no control characters or half characters, refused
// with its label), or a figure read by one of the parsers in money.ts / bulk/rule.ts, refused in
// their words.
import "@/lib/zod-csp";
import { z } from "zod";
import { hasLoneSurrogate, INCOMPLETE_CHARACTER } from "@/lib/unicode";
import type { Parsed } from "./money";

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function text(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), `${label} cannot contain control characters.`)
    .refine((v) => !hasLoneSurrogate(v), `${label} ${INCOMPLETE_CHARACTER}`);
}

/** Text read into a number by `parse`; its refusal becomes the field's message. */
export function parsedText(parse: (text: string) => Parsed<number>, missing: string) {
  return z.string({ error: missing }).transform((value, ctx) => {
    const parsed = parse(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.value;
  });
}
