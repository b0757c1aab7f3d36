"use client";

import { type CSSProperties, useLayoutEffect, useState } from "react";

/**
 * Where an open picker's list goes: fixed to the window beside its field, so no scrolling box (the
 * table's) cuts it off, and above the field when there is more room there. Follows the field while
 * the page scrolls or resizes.
 */
export function useMenuPlacement(open: boolean, inputId: string): CSSProperties | undefined {
  const [style, setStyle] = useState<CSSProperties>();
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const input = document.getElementById(inputId);
      if (!input) return;
      const box = input.getBoundingClientRect();
      const below = window.innerHeight - box.bottom - 8;
      const above = box.top - 8;
      const up = below < 200 && above > below;
      setStyle({
        position: "fixed",
        left: Math.max(4, Math.min(box.left, window.innerWidth - 260)),
        minWidth: box.width,
        maxHeight: Math.max(120, Math.min(288, up ? above : below)),
        ...(up ? { bottom: window.innerHeight - box.top + 2, top: "auto" } : { top: box.bottom + 2 }),
      });
    };
    place();
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
    };
  }, [open, inputId]);
  return open ? style : undefined;
}
