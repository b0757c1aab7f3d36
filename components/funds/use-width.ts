"use client";

import { type RefObject, useEffect, useRef, useState } from "react";

/** The element's width in pixels as it changes (null until the browser has laid it out): the chart
 *  is drawn at the size it is shown, so its text is never scaled down on a phone. */
export function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
