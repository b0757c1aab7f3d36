// A small bounded queue between the sync's reader (pages from the query API) and its writer
// (pages into PostgreSQL), so the two overlap and the writer stores several pages per statement.
import "server-only";

export class PageChannel<T> {
  private items: T[] = [];
  private closed = false;
  private failure: { error: unknown } | null = null;
  private wakeTaker: (() => void) | null = null;
  private wakeGiver: (() => void) | null = null;

  constructor(private readonly capacity: number) {}

  /** Closed by either side: the reader stops asking for pages. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Resolves once there is room: the reader never runs more than `capacity` pages ahead. */
  async room(): Promise<void> {
    while (this.items.length >= this.capacity && !this.closed) {
      await new Promise<void>((resolve) => (this.wakeGiver = resolve));
    }
  }

  push(item: T): void {
    this.items.push(item);
    this.wake();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }

  fail(error: unknown): void {
    this.failure = { error };
    this.close();
  }

  /** Up to `max` items, waiting for at least one; [] once closed and drained. Throws the
   *  reader's failure once what it read before failing has been taken. */
  async take(max: number): Promise<T[]> {
    while (this.items.length === 0 && !this.closed) {
      await new Promise<void>((resolve) => (this.wakeTaker = resolve));
    }
    if (this.items.length === 0 && this.failure) throw this.failure.error;
    const taken = this.items.splice(0, max);
    this.wakeGiver?.();
    this.wakeGiver = null;
    return taken;
  }

  private wake(): void {
    this.wakeTaker?.();
    this.wakeTaker = null;
    this.wakeGiver?.();
    this.wakeGiver = null;
  }
}
