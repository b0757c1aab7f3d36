"use client";

import { useLayoutEffect, useRef } from "react";

/**
 * A ref that always holds the latest value, for callbacks that must keep one identity (so memoised
 * children do not render again) yet read what the last render saw. Written after each commit.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
