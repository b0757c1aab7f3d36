// The Connection rows that sessions and service calls read, kept in this process's memory while,
// and only while, a change listener (change-listener.ts) proves that it hears every change.
//
// Why this is safe for "a disconnect ends every session on every instance at once": a disconnect
// is one UPDATE whose trigger NOTIFYs every listening process at commit; each forgets the row and
// reads it again on the next request, finding the session's epoch gone. What remains is the time
// between the commit and the notification's arrival (a round trip to PostgreSQL: under a
// millisecond on one host, see docs/architecture.md). Whenever the listener is not proven to be
// listening, nothing is served from memory and nothing is kept; when it is again, everything kept
// before is dropped (changes may have been missed meanwhile).
//
// A read that was in flight when a change arrived is not kept: it may have read the row before
// that change committed. `generation` counts changes for that check.
import "server-only";
import { execute } from "@/lib/db-sql";
import { getEnv } from "@/lib/env";
import type { Connection } from "@/lib/generated/prisma/client";
import {
  CHANGE_CHANNEL,
  type ChangeListener,
  type ChangeListenerOptions,
  EVERY_CONNECTION,
  startChangeListener,
} from "./change-listener";
import { processSlot } from "@/lib/process-slot";

/** Columns the trigger does not announce (written on every health check, or by a refresh's
 *  lease): in a row read from this cache they may be older than the database's. Nothing that
 *  reads through the cache uses them; the settings page reads its row directly. */
export const UNANNOUNCED_COLUMNS = ["lastCheckedAt", "updatedAt", "refreshLeaseOwner", "refreshLeaseUntil"] as const;

/** One connection per organization and environment: far below this in practice. */
const MAX_ROWS = 10_000;

export class ConnectionCache {
  private readonly rows = new Map<string, Readonly<Connection>>();
  private generation = 0;
  private listening = false;

  /** Whether rows are served from memory (the listener is proven to hear every change). */
  get serving(): boolean {
    return this.listening;
  }

  /** The row from memory, or read by `load` (and kept, if nothing changed meanwhile). */
  async read(id: string, load: (id: string) => Promise<Connection | null>): Promise<Readonly<Connection> | null> {
    if (this.listening) {
      const kept = this.rows.get(id);
      if (kept) return kept;
    }
    const generation = this.generation;
    const row = await load(id);
    if (row && this.listening && generation === this.generation) {
      if (this.rows.size >= MAX_ROWS) this.rows.clear();
      this.rows.set(id, Object.freeze(row));
    }
    return row;
  }

  /** A row changed (here or elsewhere), or EVERY_CONNECTION did. */
  forget(id: string): void {
    this.generation++;
    if (id === EVERY_CONNECTION) this.rows.clear();
    else this.rows.delete(id);
  }

  /** After a write that may or may not have changed an announced column (a health check may
   *  rename the organization): forgets the row only if it did. */
  forgetIfChanged(fresh: Connection): void {
    const kept = this.rows.get(fresh.id);
    if (kept && announced(kept) !== announced(fresh)) this.forget(fresh.id);
  }

  /** Called by the listener: serving starts, or stops, with an empty cache either way. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forget(EVERY_CONNECTION);
  }
}

function announced(row: Readonly<Connection>): string {
  const skip: readonly string[] = UNANNOUNCED_COLUMNS;
  return JSON.stringify(
    Object.entries(row)
      .filter(([column]) => !skip.includes(column))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

export type ListeningCache = { cache: ConnectionCache; listener: ChangeListener };

/** A cache wired to its own change listener (one per process; tests make a second). */
export function createListeningCache(options: Omit<ChangeListenerOptions, "onChange" | "onListening">): ListeningCache {
  const cache = new ConnectionCache();
  const listener = startChangeListener({
    ...options,
    onChange: (payload) => cache.forget(payload),
    onListening: (listening) => cache.setListening(listening),
  });
  return { cache, listener };
}

/** This process's cache, with its listener when it has one. On `globalThis`, which every copy of
 *  this module shares: the dev server gives the worker (instrumentation) and the routes copies of
 *  their own, whose `ConnectionCache` classes differ, so nothing here may ask `instanceof`. */
type ProcessCache = { cache: ConnectionCache; listener: ChangeListener | null };
const slot = processSlot<ProcessCache>("apportionConnectionCache");

/**
 * This process's cache, its listener started on first use. With CONNECTION_CACHE=0 (set by the
 * launcher for the embedded database, where LISTEN hears nothing) it never serves: every read goes
 * to the database, as the probe would also have decided.
 */
export function processConnectionCache(): ConnectionCache {
  let current = slot.get();
  if (!current) {
    const env = getEnv();
    current =
      env.CONNECTION_CACHE === "1" && env.DATABASE_URL
        ? createListeningCache({
            databaseUrl: env.DATABASE_URL,
            notify: (payload) => execute`SELECT pg_notify(${CHANGE_CHANNEL}, ${payload})`,
          })
        : { cache: new ConnectionCache(), listener: null };
    slot.set(current);
  }
  return current.cache;
}

/** This process's cache if anything has read through it yet: there is nothing to forget before. */
export function existingProcessConnectionCache(): ConnectionCache | undefined {
  return slot.get()?.cache;
}

/** Stops this process's listener (tests; a script that wants to exit at once). */
export async function stopProcessConnectionCache(): Promise<void> {
  const current = slot.get();
  slot.set(undefined);
  await current?.listener?.stop();
}
