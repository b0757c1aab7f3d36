import type { ReactNode } from "react";

/**
 * A box for a table that may be wider than the screen: it scrolls inside itself, never the page.
 * It takes focus and has a name, so someone on a keyboard can scroll it too.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
