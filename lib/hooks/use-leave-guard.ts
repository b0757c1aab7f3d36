"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { installLeaveGuard } from "./leave-guard-install";
import { useLatest } from "./use-latest";

type Ask = (leave: () => void, stay: () => void) => void;

/**
 * Asks before unsent work is left behind, however the admin leaves (see leave-guard-install.ts,
 * installed when `active` first becomes true: before that there is nothing to lose). Returns
 * `release`, for leaving on purpose (after sending).
 *
 * The listeners come with the editor, not in a chunk of their own: the first edit is guarded in
 * the same commit, so a click on a link right after typing cannot win a race against a download
 * (CI saw it win when they were fetched on the first edit; fetched when the editor showed, they
 * were on its first load anyway, with a request and a chunk's wrapper besides).
 */
export function useLeaveGuard(active: boolean, ask: Ask): () => void {
  const router = useRouter();
  const latest = useLatest({ active, ask });
  const state = useRef({ released: false, guarded: false });
  const uninstall = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (active && !uninstall.current) {
      uninstall.current = installLeaveGuard(latest, state.current, (href) => router.push(href));
    }
  }, [active, latest, router]);

  useEffect(
    () => () => {
      uninstall.current?.();
      uninstall.current = null;
    },
    [],
  );

  return () => {
    state.current.released = true;
  };
}
