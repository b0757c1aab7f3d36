// One value per process, whichever copy of a module asks. Next.js bundles lib/ separately for the
// routes and for instrumentation.ts (the worker), the dev server reloads modules, and
// scripts/serve.ts runs outside both: state that must exist once per process (the pools, the
// connection cache, the metrics registry, listeners, the stop hooks) lives on globalThis, each
// value under a name of its own. Shared (no server-only import): scripts/serve.ts loads it as is.

export type ProcessSlot<T> = {
  get(): T | undefined;
  set(value: T | undefined): void;
  /** The value, made by `make` the first time anything asks for it. */
  getOrCreate(make: () => T): T;
};

/** The process's slot called `name` (each name is used by one module). */
export function processSlot<T>(name: `apportion${string}`): ProcessSlot<T> {
  const slots = globalThis as unknown as Record<string, T | undefined>;
  return {
    get: () => slots[name],
    set: (value) => {
      slots[name] = value;
    },
    getOrCreate: (make) => (slots[name] ??= make()),
  };
}
