// One endpoint's contract: the zod schema its body is parsed with and the type of its answer,
// declared once and imported by both sides (the route through apiRoute, the browser through
// fetchContract), so the two cannot drift apart. Shared: a contract module imports schemas and
// types only, never a server-only module; the browser imports contracts as types, so none of
// their schemas reaches a client chunk for it.
import type { z } from "zod";

declare const answerType: unique symbol;

export type Contract<A = unknown, S extends z.ZodType | undefined = z.ZodType | undefined> = {
  readonly body: S;
  /** Never set: it carries the answer's type. */
  readonly [answerType]?: A;
};

export type Answer<C> = C extends Contract<infer A, infer _S> ? A : never;

/** What the browser sends: the schema's input (before zod trims and defaults), or nothing. */
export type RequestBody<C> = C extends Contract<unknown, infer S> ? (S extends z.ZodType ? z.input<S> : undefined) : never;

/** A contract whose answer is `A` and whose body, if any, is parsed by `body`. */
export function contract<A>(): Contract<A, undefined>;
export function contract<A, S extends z.ZodType>(body: S): Contract<A, S>;
export function contract(body?: z.ZodType): Contract {
  return { body };
}
