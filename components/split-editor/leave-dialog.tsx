"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { LeaveQuestion } from "./use-split-editor";

/** Asked before the admin leaves unsent edits behind. Staying is the focused, safe choice. */
export function LeaveDialog({ question }: { question: LeaveQuestion }) {
  const stay = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={question !== null}
      onClose={() => question?.stay()}
      title="Leave without sending?"
      titleId="leave-title"
      initialFocus={stay}
    >
      <p>Your changes to this gift have not been sent. If you leave, they are discarded.</p>
      <div className="button-row">
        <Button ref={stay} onClick={() => question?.stay()}>
          Stay and keep editing
        </Button>
        <Button variant="danger" onClick={() => question?.leave()}>
          Leave and discard changes
        </Button>
      </div>
    </Dialog>
  );
}
