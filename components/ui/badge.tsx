import type { ReactNode } from "react";
import type { Tone } from "./notice";

/** A short status word. `neutral` is the accent colour. */
export function Badge({ tone = "neutral", children }: { tone?: Tone | "neutral"; children: ReactNode }) {
  return <span className={tone === "neutral" || tone === "info" ? "badge" : `badge badge--${tone}`}>{children}</span>;
}
