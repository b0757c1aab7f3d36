import Link from "next/link";
import type { ComponentProps } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link" | "link-danger";

export function buttonClass(variant: ButtonVariant = "primary", extra?: string): string {
  const base =
    variant === "primary"
      ? "button"
      : variant === "link-danger"
        ? "button button--link button--link-danger"
        : `button button--${variant}`;
  return extra ? `${base} ${extra}` : base;
}

type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant };

/** A button that is never a form's submit by accident: `type` defaults to "button". */
export function Button({ variant, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant };

/** A link that looks like a button (it navigates, so it stays a link for assistive technology). */
export function ButtonLink({ variant, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
