"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** After this long an action says it is working: a shorter wait would only flash. */
export const BUSY_AFTER_MS = 300;

/**
 * Whether any action tracked here has been running for over BUSY_AFTER_MS: what a button or a
 * status line shows so that a slow action (a chunk still loading, a check over the network) is
 * never a click that seems to do nothing.
 */
export function useBusy(): { busy: boolean; track: <T>(work: Promise<T>) => Promise<T> } {
  const [busy, setBusy] = useState(false);
  const running = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const track = useCallback(<T>(work: Promise<T>): Promise<T> => {
    running.current++;
    timer.current ??= setTimeout(() => setBusy(running.current > 0), BUSY_AFTER_MS);
    const done = () => {
      running.current--;
      if (running.current > 0) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setBusy(false);
    };
    work.then(done, done);
    return work;
  }, []);
  return { busy, track };
}
