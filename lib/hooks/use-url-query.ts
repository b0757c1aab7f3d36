"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";

type Change = (params: URLSearchParams) => void;

/**
 * The page's query string as state that is written to the address, not read back from it.
 * `router.replace` updates the address only once its transition commits, so a change made before
 * that (a debounced search landing after a date was picked) would start from the old address and
 * undo the other. Here every change starts from the latest one asked for; the address follows.
 * A change of the address the app did not make (Back, a link) replaces the state.
 *
 * `push`: the change is a step of its own in the browser's history (Back returns to before it);
 * otherwise it replaces the current entry.
 */
export function useUrlQuery(): [string, (change: Change, options?: { push?: boolean }) => void] {
  const router = useRouter();
  const pathname = usePathname();
  const address = useSearchParams().toString();
  const [query, setQuery] = useState(address);
  const asked = useRef({ latest: address, pending: new Set<string>() });

  // Back and Forward lead to an address the user chose, even one this hook once asked for and
  // whose arrival it would otherwise take for its own change still on its way.
  useEffect(() => {
    const forget = () => asked.current.pending.clear();
    window.addEventListener("popstate", forget);
    return () => window.removeEventListener("popstate", forget);
  }, []);

  useEffect(() => {
    const { current } = asked;
    if (address === current.latest) current.pending.clear();
    else if (!current.pending.has(address)) {
      current.latest = address;
      setQuery(address);
    }
  }, [address]);

  const update = useCallback(
    (change: Change, options?: { push?: boolean }) => {
      const params = new URLSearchParams(asked.current.latest);
      change(params);
      const next = params.toString();
      if (next === asked.current.latest) return;
      asked.current.pending.add(asked.current.latest);
      asked.current.latest = next;
      setQuery(next);
      const href = next ? `${pathname}?${next}` : pathname;
      // A new page of a list starts at its top; an edited filter keeps the reader where they are.
      if (options?.push) router.push(href);
      else router.replace(href, { scroll: false });
    },
    [router, pathname],
  );
  return [query, update];
}
