"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useFieldArray, useForm, type UseFormReturn } from "react-hook-form";
import { useBusy } from "@/lib/hooks/use-busy";
import { useLeaveGuard } from "@/lib/hooks/use-leave-guard";
import { isExpression, whenExpressionsLoad } from "@/lib/splits/amount-text";
import type { EditorValues } from "@/lib/splits/editor-lines";
import type { CampaignOption } from "@/lib/transactions/read";
import type { EditorData, EditorGift } from "@/lib/transactions/editor-data";
import type { Draft } from "./editor-draft";
import type { NameOption } from "@/components/name-picker/picker-logic";
import { editorStatus } from "./editor-status";
import { useSummary, useSummaryStore } from "./editor-summary";
import { useEditorDraft } from "./use-editor-draft";
import { useLineActions } from "./use-line-actions";
import { useStaleCheck } from "./use-stale-check";

export type SplitEditorProps = EditorData & {
  campaigns: CampaignOption[];
  funds: NameOption[];
  /** The lines it opens with (lib/splits/gift-lines.ts), worked out by the page. */
  initial: EditorValues;
  /** sessionStorage key of this organization's draft of this gift. */
  draftKey: string;
  /** "Restore the previous allocation": lines to start from, with the sentence that says so. */
  restore?: { values: EditorValues; note: string };
  /** The table's fixed parts, rendered by the page on the server (allocation-table-head.tsx). */
  hint: ReactNode;
  columns: ReactNode;
};

export type LeaveQuestion = { leave: () => void; stay: () => void } | null;

export function useSplitEditor(props: SplitEditorProps) {
  const router = useRouter();
  const [gift, setGift] = useState(props.gift);
  const [taken, setTaken] = useState(props.takenSplitIds);
  const [inFlight, setInFlight] = useState(props.inFlight);
  const [message, setMessage] = useState<Message>(null);
  const [showAll, setShowAll] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const say = useCallback((text: string) => setMessage({ text, at: Date.now() }), []);
  const { campaigns, funds, onCreated } = useCreatedNames(props.campaigns, props.funds);

  const form = useForm<EditorValues>({ defaultValues: props.initial });
  const resetTo = usePendingReset(form, props.restore, setGift, setMessage);
  const lines = useFieldArray({ control: form.control, name: "lines", keyName: "key" });
  // Over 300 ms of work after a click (the tools still loading, the check before the review) shows.
  const { busy, track } = useBusy();
  // The line the admin last put the remainder on: "Save as template" keeps the rest there.
  const remainderLine = useRef<string | null>(null);
  const onRemainder = useCallback((splitId: string) => (remainderLine.current = splitId), []);
  const actions = useLineActions({
    form,
    lines,
    gift,
    takenSplitIds: taken,
    campaigns,
    say,
    onCreated,
    track,
    onRemainder,
  });
  useReadExpressionsOnLoad(form);
  const summary = useSummaryStore(form, gift);
  useNoteGoesOnEdit(form, setMessage);
  const hasRemovals = useSummary(summary, (s) => s.hasRemovals);
  const edited = useSummary(summary, (s) => !s.unchanged);

  const onFresh = useCallback((data: EditorData) => {
    setTaken(data.takenSplitIds);
    setInFlight(data.inFlight);
  }, []);
  const { stale, setStale, check } = useStaleCheck(gift, onFresh);
  usePollWhileInFlight(inFlight, check);

  const draft = useEditorDraft(props.draftKey, form, gift, edited, (saved: Draft, changed: boolean) => {
    setShowAll(true);
    resetTo(saved.values, saved.opened);
    // The gift may have changed since the draft began: then the admin chooses what to keep.
    if (changed) {
      setStale({
        opened: saved.opened,
        now: { gift: props.gift, takenSplitIds: props.takenSplitIds, inFlight: props.inFlight },
      });
    }
  });
  const { leaving, release } = useLeaveQuestion(edited, draft.forget);

  const { sending, setSending, sent, refused } = useSendOutcome({
    forgetDraft: draft.forget,
    release,
    check,
    setReviewing,
  });

  return {
    form,
    lines,
    actions,
    gift,
    campaigns,
    funds,
    inFlight,
    edited,
    hasRemovals,
    summary,
    message,
    showAll,
    setShowAll,
    say,
    reviewing,
    setReviewing,
    leaving,
    sending,
    setSending,
    busy,
    track,
    sent,
    refused,
    restoredAt: draft.restoredAt,
    /** The split id of the line the admin last pressed Remainder on, if any. */
    remainderSplitId: () => remainderLine.current,
    /** Whether Review may open now, read from the figures at this moment. */
    ready: () =>
      editorStatus(summary.get(), { currency: gift.currency, stale: stale !== null, inFlight, sending }).ready,
    stale,
    setStale,
    check,
    /** Puts in lines that go with `next` (a version of the gift), with a note saying why. */
    resetTo,
    takenSplitIds: taken,
    draft,
    refresh: () => router.refresh(),
  };
}

type Message = { text: string; at: number } | null;

/** The service's campaigns and funds plus those named new in this editor, offered from then on. */
function useCreatedNames(known: CampaignOption[], knownFunds: NameOption[]) {
  const [created, setCreated] = useState<{ campaign: NameOption[]; fund: NameOption[] }>({ campaign: [], fund: [] });
  const campaigns = useMemo(() => [...known, ...created.campaign], [known, created.campaign]);
  const funds = useMemo(() => [...knownFunds, ...created.fund], [knownFunds, created.fund]);
  const onCreated = useCallback(
    (kind: "campaign" | "fund", option: NameOption) =>
      setCreated((c) => (c[kind].some((o) => o.name === option.name) ? c : { ...c, [kind]: [...c[kind], option] })),
    [],
  );
  return { campaigns, funds, onCreated };
}

/** Lines that go with another version of the gift are put in after the render that brings the
 *  gift: the footer and the lines compute their figures against it when the values change.
 *  A restore opens as an edit over the gift as it is now (put in on mount), so Review shows it. */
function usePendingReset(
  form: UseFormReturn<EditorValues>,
  restore: SplitEditorProps["restore"],
  setGift: (gift: EditorGift) => void,
  setMessage: (message: Message) => void,
) {
  const pendingReset = useRef<{ values: EditorValues; note?: string } | null>(restore ?? null);
  const [resets, setResets] = useState(0);
  useLayoutEffect(() => {
    if (!pendingReset.current) return;
    const { values, note } = pendingReset.current;
    pendingReset.current = null;
    form.reset(values, { keepDefaultValues: true });
    if (note) setMessage({ text: note, at: Date.now() });
  }, [resets, form, setMessage]);
  return (values: EditorValues, next: EditorGift, note?: string) => {
    pendingReset.current = { values, note };
    setGift(next);
    setResets((n) => n + 1);
  };
}

/** A calculation typed before its reader arrived ("100/3") is read again once it is there. */
function useReadExpressionsOnLoad(form: UseFormReturn<EditorValues>) {
  useEffect(
    () =>
      whenExpressionsLoad(() =>
        form.getValues("lines").forEach((line, i) => {
          if (isExpression(line.amount.trim())) form.setValue(`lines.${i}.amount`, line.amount);
        }),
      ),
    [form],
  );
}

/** A note about what an action did goes when the lines change again: it would be out of date. */
function useNoteGoesOnEdit(form: UseFormReturn<EditorValues>, setMessage: (message: Message) => void) {
  useEffect(() => {
    return form.subscribe({ formState: { values: true }, callback: () => setMessage(null) });
  }, [form, setMessage]);
}

/** While an earlier submission for this gift is on its way, ask every few seconds whether it is done. */
function usePollWhileInFlight(inFlight: boolean, check: () => Promise<unknown>) {
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(() => void check(), 3_000);
    return () => clearInterval(timer);
  }, [inFlight, check]);
}

/** Sending lives in the review (review-dialog.tsx); the editor hears how it went. */
function useSendOutcome({
  forgetDraft,
  release,
  check,
  setReviewing,
}: {
  forgetDraft: () => void;
  release: () => void;
  check: () => Promise<"same" | "changed" | "unknown">;
  setReviewing: (reviewing: boolean) => void;
}) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const sent = (submissionId: string) => {
    forgetDraft();
    release();
    router.push(`/history/${submissionId}`);
  };
  /** After a refusal: when the gift changed meanwhile, what changed shows instead of the review. */
  const refused = async () => {
    if ((await check()) === "changed") setReviewing(false);
  };
  return { sending, setSending, sent, refused };
}

/** Leaving with unsaved edits asks first; leaving forgets the draft. `release` lets a send leave. */
function useLeaveQuestion(edited: boolean, forgetDraft: () => void) {
  const [leaving, setLeaving] = useState<LeaveQuestion>(null);
  const release = useLeaveGuard(edited, (leave, stay) =>
    setLeaving({
      leave: () => {
        forgetDraft();
        setLeaving(null);
        leave();
      },
      stay: () => {
        setLeaving(null);
        stay();
      },
    }),
  );
  return { leaving, release };
}

export type SplitEditorState = ReturnType<typeof useSplitEditor>;
