// A name typed by a person: trimmed, bounded, no control characters, refused with its label.
import { z } from "zod";

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function text(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), `${label} cannot contain control characters.`);
}
