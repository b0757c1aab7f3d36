// What people type: a name (trimmed, bounded, no control characters or half characters, refused
// with its label), or a figure read by one of the parsers in money.ts / bulk/rule.ts, refused in
// their words.
import "@/lib/zod-csp";
import { z } from "zod";
// Named, not z.core.$ZodTransform: reaching through the z.core namespace keeps all of zod's core
// in the browser bundle (+51 kB gzip on the editor's first use).
import { $ZodTransform, type $ZodRawIssue, type ParsePayload } from "zod/v4/core";
import { hasLoneSurrogate, INCOMPLETE_CHARACTER } from "@/lib/unicode";
import type { Parsed } from "./money";

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** Either of the two refusals below could apply: one test for the common case of neither. */
const SUSPECT = /[\u0000-\u001f\u007f\uD800-\uDFFF]/;

export function text(label: string, max: number) {
  const control = `${label} cannot contain control characters.`;
  const incomplete = `${label} ${INCOMPLETE_CHARACTER}`;
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .check((payload) => {
      // Two refinements in one check, each issue as .refine() words it (both can apply).
      const value = payload.value;
      if (!SUSPECT.test(value)) return;
      if (CONTROL_CHARACTERS.test(value)) payload.issues.push(refusal(value, control));
      if (hasLoneSurrogate(value)) payload.issues.push(refusal(value, incomplete));
    });
}

function refusal(input: string, message: string): $ZodRawIssue {
  return { code: "custom", input, path: [], continue: true, message };
}

/** Text read into a number by `parse`; its refusal becomes the field's message. */
export function parsedText(parse: (text: string) => Parsed<number>, missing: string) {
  return z.string({ error: missing }).pipe(
    convert<number>((value, payload) => {
      const parsed = parse(value);
      if (parsed.ok) return parsed.value;
      payload.issues.push({ code: "custom", message: parsed.error, input: value });
      return z.NEVER;
    }),
  );
}

/** Text that may be left empty: "" becomes absent. */
export function optionalText(label: string, max: number) {
  return text(label, max).pipe(convert((value) => (value === "" ? undefined : value)));
}

/** A transform, as `.transform()` makes it but without the `addIssue` closure that zod's
 *  `.transform()` attaches to every value it sees (a refusal is pushed onto the payload, as zod
 *  does itself). That closure, on 700,000 fields of a 100,000-row submission, was most of the
 *  schema's time: allocation, and payloads of two shapes in zod's hot paths (bench/parse-rows.ts). */
function convert<Out>(fn: (value: string, payload: ParsePayload) => Out): $ZodTransform<Out, string> {
  // Only ever piped from a z.string() that passed, so the input is a string.
  const transform = fn as (value: unknown, payload: ParsePayload) => Out;
  return new $ZodTransform({ type: "transform", transform }) as $ZodTransform<Out, string>;
}
