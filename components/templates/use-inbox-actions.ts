"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiClientError } from "@/lib/api-client";
import { approveSelection, summarizeSelection } from "@/lib/hooks/inbox-calls";
import type { ConfirmedName } from "@/lib/splits/schema";
import type { SelectionSummary } from "@/lib/templates/inbox-names";

export type InboxSelection = string[] | "all";

/**
 * The inbox's calls to the server (sum up a selection, approve it, skip, choose a template) and
 * the state they share: busy, the message, the open approve dialog. Kept apart from the list so
 * the list is only what it shows.
 */
export function useInboxActions(onDone: () => void) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "ok" | "danger"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ which: InboxSelection; summary: SelectionSummary } | null>(null);
  const fail = (error: unknown) =>
    setMessage({ tone: "danger", text: error instanceof ApiClientError ? error.message : "Something went wrong." });

  /** The server sums up the whole selection ("all" is more than the page shows), then asks. */
  async function approve(which: InboxSelection) {
    setBusy(true);
    setMessage(null);
    try {
      const summary = await summarizeSelection(which);
      if (summary.gifts === 0) setMessage({ tone: "danger", text: "No gift in the inbox is ready to send." });
      else setAsking({ which, summary });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function send(which: InboxSelection, confirmedNewNames: ConfirmedName[]) {
    setAsking(null);
    setBusy(true);
    setMessage(null);
    try {
      const { submissionId } = await approveSelection({
        idempotencyKey: crypto.randomUUID(),
        items: which,
        confirmedNewNames,
      });
      // The submission in History, saying what just happened (app/history/[id]).
      router.push(`/history/${submissionId}?sent=approved`);
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  }

  /** Runs one of lib/hooks/inbox-calls.ts's calls, then says `done`. */
  async function post(call: () => Promise<unknown>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      await call();
      onDone();
      setMessage({ tone: "ok", text: done });
      router.refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return { message, busy, asking, cancel: () => setAsking(null), approve, send, post };
}
