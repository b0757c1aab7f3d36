"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLatest } from "./use-latest";

type Ask = (leave: () => void, stay: () => void) => void;

/**
 * Asks before unsent work is left behind, however the admin leaves: a link in the app (the
 * click is held before Next.js's Link sees it), Back or Forward (a guard entry in the history
 * holds the page), or closing and reloading the tab (the browser's own prompt; the draft
 * survives a reload anyway). `active` says whether there is anything to lose now.
 * Returns `release`, for leaving on purpose (after sending).
 */
export function useLeaveGuard(active: boolean, ask: Ask): () => void {
  const router = useRouter();
  const latest = useLatest({ active, ask });
  const state = useRef({ released: false, guarded: false });

  useEffect(() => {
    const current = state.current;
    const wanted = () => latest.current.active && !current.released;

    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (!wanted()) return;
      event.preventDefault();
      event.returnValue = ""; // older browsers show their prompt only with this set
    }

    function onClick(event: MouseEvent) {
      if (!wanted() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current.ask(
        () => {
          current.released = true;
          router.push(url.pathname + url.search + url.hash);
        },
        () => {},
      );
    }

    // Back lands on the entry under the guard, at this same address; the page stays, and asks.
    function onPopState() {
      if (!current.guarded || current.released) return;
      current.guarded = false;
      if (!wanted()) {
        window.history.back();
        return;
      }
      latest.current.ask(
        () => {
          current.released = true;
          window.history.back();
        },
        () => pushGuard(current),
      );
    }

    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
    };
  }, [router, latest]);

  // The guard entry goes in when there is first something to lose.
  useEffect(() => {
    if (active && !state.current.guarded && !state.current.released) pushGuard(state.current);
  }, [active]);

  return () => {
    state.current.released = true;
  };
}

/** An entry at this same address: Back leaves it first, and the page hears about it. */
function pushGuard(state: { guarded: boolean }) {
  state.guarded = true;
  window.history.pushState({ ...(window.history.state as object), apportionGuard: true }, "", window.location.href);
}
