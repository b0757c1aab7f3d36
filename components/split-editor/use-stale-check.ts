"use client";

import { useCallback, useEffect, useState } from "react";
import { useLatest } from "@/lib/hooks/use-latest";
import type { EditorData, EditorGift } from "@/lib/transactions/editor-data";

export type Stale = { opened: EditorGift; now: EditorData };

/**
 * Asks the app again for the gift the editor is working on: before the review, when the tab comes
 * back into view, and after the server refused a send. When it changed since the editor opened it
 * (another tab, a bulk allocation, a sync), the editor shows both and lets the admin choose.
 */
export function useStaleCheck(opened: EditorGift, onFresh: (data: EditorData) => void) {
  const [stale, setStale] = useState<Stale | null>(null);
  const latest = useLatest({ opened, onFresh });

  const check = useCallback(async (): Promise<"same" | "changed" | "unknown"> => {
    const { opened: base } = latest.current;
    const answer = await import("./editor-tools").then((m) => m.fetchGift(base));
    if (!answer) return "unknown";
    latest.current.onFresh(answer.data);
    if (answer.same) return "same";
    setStale({ opened: base, now: answer.data });
    return "changed";
  }, [latest]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [check]);

  return { stale, setStale, check };
}
