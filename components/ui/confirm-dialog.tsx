"use client";

import { type ReactNode, useRef, useState } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

type Question = { title: string; body: ReactNode; confirm: string; danger?: boolean };
type Pending = Question & { resolve: (yes: boolean) => void };

/**
 * Asks a yes-or-no question in the app's own dialog (not the browser's `confirm`), with Cancel
 * focused: a second Enter never destroys anything. `ask` resolves true when confirmed.
 */
export function useConfirm(): [ReactNode, (question: Question) => Promise<boolean>] {
  const [pending, setPending] = useState<Pending | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const answer = (yes: boolean) => {
    pending?.resolve(yes);
    setPending(null);
  };
  const dialog = (
    <Dialog
      open={pending !== null}
      onClose={() => answer(false)}
      title={pending?.title ?? ""}
      titleId="confirm-title"
      initialFocus={cancel}
    >
      <div className="dialog__body">{pending?.body}</div>
      <div className="button-row dialog__actions">
        <Button ref={cancel} variant="secondary" onClick={() => answer(false)}>
          Cancel
        </Button>
        <Button variant={pending?.danger ? "danger" : "primary"} onClick={() => answer(true)}>
          {pending?.confirm}
        </Button>
      </div>
    </Dialog>
  );
  const ask = (question: Question) => new Promise<boolean>((resolve) => setPending({ ...question, resolve }));
  return [dialog, ask];
}
