"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLatest } from "./use-latest";

type Ask = (leave: () => void, stay: () => void) => void;

/**
 * Asks before unsent work is left behind, however the admin leaves (see leave-guard-install.ts,
 * fetched when the editor shows, installed when `active` first becomes true: before that there
 * is nothing to lose). Returns `release`, for leaving on purpose (after sending).
 */
export function useLeaveGuard(active: boolean, ask: Ask): () => void {
  const router = useRouter();
  const latest = useLatest({ active, ask });
  const state = useRef({ released: false, guarded: false });
  const installed = useRef<Promise<() => void> | null>(null);

  // Fetched as soon as the editor shows, so the first edit is guarded at once: a click on a link
  // right after typing must not win the race against this module's download.
  useEffect(() => {
    void import("./leave-guard-install");
  }, []);

  useEffect(() => {
    if (active && !installed.current) {
      installed.current = import("./leave-guard-install").then((m) =>
        m.installLeaveGuard(latest, state.current, (href) => router.push(href)),
      );
    }
  }, [active, latest, router]);

  useEffect(
    () => () => {
      void installed.current?.then((uninstall) => uninstall());
      installed.current = null;
    },
    [],
  );

  return () => {
    state.current.released = true;
  };
}
