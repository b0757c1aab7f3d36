import type { ReactNode } from "react";

export type Tone = "info" | "ok" | "warn" | "danger";

type Props = {
  tone: Tone;
  children: ReactNode;
  /** Buttons under the message. */
  actions?: ReactNode;
  /** `alert` interrupts a screen reader; the default is `alert` for danger, `status` otherwise. */
  role?: "alert" | "status" | "none";
  id?: string;
  className?: string;
};

/** A message in a coloured box: what happened, and what to do next. */
export function Notice({ tone, children, actions, role, id, className }: Props) {
  const announced = role ?? (tone === "danger" ? "alert" : "status");
  return (
    <div
      id={id}
      className={`notice notice--${tone}${className ? ` ${className}` : ""}`}
      role={announced === "none" ? undefined : announced}
    >
      <div className="notice__body">{children}</div>
      {actions && <div className="button-row">{actions}</div>}
    </div>
  );
}
