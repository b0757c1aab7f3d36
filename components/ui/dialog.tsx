"use client";

import { type ReactNode, type RefObject, useEffect, useRef } from "react";

type Props = {
  open: boolean;
  /** Escape, Cancel, or a click on the backdrop's close button: the parent decides. */
  onClose: () => void;
  title: ReactNode;
  titleId: string;
  /** Focused on opening. Without it the title is, so a screen reader starts at the top. */
  initialFocus?: RefObject<HTMLElement | null>;
  wide?: boolean;
  children: ReactNode;
};

/**
 * A modal dialog on the native <dialog>: the browser traps focus, makes the page inert, and
 * gives focus back to where it was when the dialog closes.
 */
export function Dialog({ open, onClose, title, titleId, initialFocus, wide, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      (initialFocus?.current ?? heading.current)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={wide ? "dialog dialog--wide" : "dialog"}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} ref={heading} tabIndex={-1} className="dialog__title">
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
