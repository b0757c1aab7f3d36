"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useBusy } from "@/lib/hooks/use-busy";
import { useLeaveGuard } from "@/lib/hooks/use-leave-guard";
import { isExpression, whenExpressionsLoad } from "@/lib/splits/amount-text";
import type { EditorValues } from "@/lib/splits/editor-lines";
import type { CampaignOption } from "@/lib/transactions/read";
import type { EditorData, EditorGift } from "@/lib/transactions/editor-data";
import type { Draft } from "./editor-draft";
import type { NameOption } from "./picker-logic";
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
  const [created, setCreated] = useState<{ campaign: NameOption[]; fund: NameOption[] }>({ campaign: [], fund: [] });
  const [message, setMessage] = useState<{ text: string; at: number } | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [leaving, setLeaving] = useState<LeaveQuestion>(null);
  const say = useCallback((text: string) => setMessage({ text, at: Date.now() }), []);

  const campaigns = useMemo(() => [...props.campaigns, ...created.campaign], [props.campaigns, created.campaign]);
  const funds = useMemo(() => [...props.funds, ...created.fund], [props.funds, created.fund]);
  const onCreated = useCallback(
    (kind: "campaign" | "fund", option: NameOption) =>
      setCreated((c) => (c[kind].some((o) => o.name === option.name) ? c : { ...c, [kind]: [...c[kind], option] })),
    [],
  );

  const form = useForm<EditorValues>({ defaultValues: props.initial });
  // Lines that go with another version of the gift are put in after the render that brings the
  // gift: the footer and the lines compute their figures against it when the values change.
  // A restore opens as an edit over the gift as it is now (put in on mount), so Review shows it.
  const pendingReset = useRef<{ values: EditorValues; note?: string } | null>(props.restore ?? null);
  const [resets, setResets] = useState(0);
  useLayoutEffect(() => {
    if (!pendingReset.current) return;
    const { values, note } = pendingReset.current;
    pendingReset.current = null;
    form.reset(values, { keepDefaultValues: true });
    if (note) setMessage({ text: note, at: Date.now() });
  }, [resets, form]);
  const resetTo = (values: EditorValues, next: EditorGift, note?: string) => {
    pendingReset.current = { values, note };
    setGift(next);
    setResets((n) => n + 1);
  };
  const lines = useFieldArray({ control: form.control, name: "lines", keyName: "key" });
  // Over 300 ms of work after a click (the tools still loading, the check before the review) shows.
  const { busy, track } = useBusy();
  const actions = useLineActions({ form, lines, gift, takenSplitIds: taken, campaigns, say, onCreated, track });
  // A calculation typed before its reader arrived ("100/3") is read again once it is there.
  useEffect(
    () =>
      whenExpressionsLoad(() =>
        form.getValues("lines").forEach((line, i) => {
          if (isExpression(line.amount.trim())) form.setValue(`lines.${i}.amount`, line.amount);
        }),
      ),
    [form],
  );
  const summary = useSummaryStore(form, gift);
  // A note about what an action did goes when the lines change again: it would be out of date.
  useEffect(() => {
    return form.subscribe({ formState: { values: true }, callback: () => setMessage(null) });
  }, [form]);
  const hasRemovals = useSummary(summary, (s) => s.hasRemovals);
  const edited = useSummary(summary, (s) => !s.unchanged);

  const onFresh = useCallback((data: EditorData) => {
    setTaken(data.takenSplitIds);
    setInFlight(data.inFlight);
  }, []);
  const { stale, setStale, check } = useStaleCheck(gift, onFresh);
  // While an earlier submission for this gift is on its way, ask every few seconds whether it is done.
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(() => void check(), 3_000);
    return () => clearInterval(timer);
  }, [inFlight, check]);

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

  const release = useLeaveGuard(edited, (leave, stay) =>
    setLeaving({
      leave: () => {
        draft.forget();
        setLeaving(null);
        leave();
      },
      stay: () => {
        setLeaving(null);
        stay();
      },
    }),
  );

  // Sending lives in the review (review-dialog.tsx); the editor hears how it went.
  const [sending, setSending] = useState(false);
  const sent = (submissionId: string) => {
    draft.forget();
    release();
    router.push(`/history/${submissionId}`);
  };
  /** After a refusal: when the gift changed meanwhile, what changed shows instead of the review. */
  const refused = async () => {
    if ((await check()) === "changed") setReviewing(false);
  };

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

export type SplitEditorState = ReturnType<typeof useSplitEditor>;
