import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { AllocationColumns, AmountHint } from "@/components/split-editor/allocation-table-head";
import { matchedBy } from "@/components/split-editor/matched-by";
import { SplitEditor } from "@/components/split-editor/split-editor";
import { Notice } from "@/components/ui/notice";
import { GiftTimeline } from "@/components/gift-history/gift-timeline";
import { restoreValues } from "@/lib/gift-history/restore";
import { initialValues } from "@/lib/splits/gift-lines";
import { giftTimeline } from "@/lib/gift-history/timeline";
import { adminTimeZone } from "@/lib/time-zone";
import { formatWhen } from "@/lib/when";
import { giftName } from "@/lib/gift-name";
import { formatCents } from "@/lib/splits/money";
import { requireConnection } from "@/lib/auth/session";
import { unsentSubmissionFor } from "@/lib/submissions/superseded";
import { type EditorGift, editorData } from "@/lib/transactions/editor-data";
import { whyNotCopied } from "@/lib/transactions/not-copied";
import { knownNames, resolveTransactionId } from "@/lib/transactions/read";

export const metadata = { title: "Split a gift" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export default async function SplitTransactionPage({ params, searchParams }: Props) {
  const connection = await requireConnection();
  const asked = decodeURIComponent((await params).id);
  const query = await searchParams;
  const back = listHref(query.list);
  const transactionId = await resolveTransactionId(connection.id, asked);
  // An external id opens the gift under its service id, the address every link uses.
  if (transactionId !== null && transactionId !== asked) {
    const list = typeof query.list === "string" ? `?${new URLSearchParams({ list: query.list })}` : "";
    redirect(`/transactions/${encodeURIComponent(transactionId)}${list}`);
  }
  if (transactionId === null) {
    // A gift nothing here ever named is simply not found (also another organization's).
    const why = await whyNotCopied(connection.id, asked);
    if (why.kind === "unknown") notFound();
    return (
      <NotCopied
        title={why.kind === "removed" ? "Gift no longer copied" : "Gift not copied yet"}
        back={back}
        {...why}
      />
    );
  }
  const names = await knownNames(connection.id);
  const [data, unsent] = await Promise.all([
    editorData(connection.id, transactionId, names.campaigns),
    unsentSubmissionFor(connection.id, transactionId),
  ]);
  if (!data) notFound();
  const { gift } = data;
  const [timeline, zone] = await Promise.all([giftTimeline(connection.id, gift), adminTimeZone()]);
  const restoring = timeline.find((e) => e.reached && e.submissionId === query.restore);
  const restore = restoring
    ? {
        values: restoreValues(gift, data.takenSplitIds, restoring.before),
        note: `What the gift held before the change of ${formatWhen(restoring.at, zone).text} is filled in below. Review it, then send it to restore that allocation.`,
      }
    : undefined;
  return (
    <>
      <p className="small">
        <Link href={back}>← Gifts</Link>
      </p>
      <h1>Split {giftName(gift)}</h1>
      <p className="muted">
        Given {longDate.format(new Date(gift.occurredAt))} ·{" "}
        {gift.splits.length > 0
          ? `split ${gift.splits.length.toLocaleString("en-US")} ${gift.splits.length === 1 ? "way" : "ways"} now`
          : gift.splitsElsewhere.length > 0
            ? "split outside Apportion"
            : `now all in ${gift.campaign ?? "the service's default campaign"} / ${gift.fund ?? "General"}`}
        . {matchedBy(gift)}
      </p>
      <SplitElsewhere gift={gift} />
      {unsent && (
        <Notice tone="warn">
          The last allocation sent for this gift did not reach the service: it{" "}
          <Link href={`/history/${unsent}`}>needs attention in History</Link>. The lines below are what the service
          holds now. Sending from here replaces that allocation, and it can no longer be retried.
        </Notice>
      )}
      <SplitEditor
        // A restore opens a fresh editor (its lines are where it starts), also when the link is
        // followed from this same page.
        key={restoring?.submissionId ?? "edit"}
        {...data}
        initial={initialValues(gift, data.takenSplitIds)}
        campaigns={names.campaigns}
        funds={names.funds}
        draftKey={`apportion:draft:${connection.organizationId}:${gift.transactionId}`}
        restore={restore}
        hint={<AmountHint />}
        columns={<AllocationColumns />}
      />
      <GiftTimeline
        transactionId={gift.transactionId}
        currency={gift.currency}
        entries={timeline}
        zone={zone}
        connectionActive={connection.status === "active"}
      />
    </>
  );
}

function NotCopied({ title, message, back }: { title: string; message: string; back: string }) {
  return (
    <>
      <p className="small">
        <Link href={back}>← Gifts</Link>
      </p>
      <h1>{title}</h1>
      <p className="card" role="status">
        {message}
      </p>
    </>
  );
}

/** Back to the list as it was left (its search, filters and page travel in `list`). Parsed and
 *  written again as a query string, so nothing in it can lead anywhere but the list. */
function listHref(list: string | string[] | undefined): string {
  const query = typeof list === "string" ? new URLSearchParams(list).toString() : "";
  return query ? `/transactions?${query}` : "/transactions";
}

/** A split made outside Apportion is no line of the editor: sending adds Apportion's beside it. */
function SplitElsewhere({ gift }: { gift: Pick<EditorGift, "splitsElsewhere" | "currency"> }) {
  if (gift.splitsElsewhere.length === 0) return null;
  const lines = gift.splitsElsewhere.map(
    (s) => `${formatCents(s.unitAmountCents * s.quantity, gift.currency)} in ${s.fund}`,
  );
  return (
    <Notice tone="warn">
      The service also holds a split of this gift made outside Apportion ({lines.join(", ")}). Apportion cannot change
      that split: sending from here adds Apportion&rsquo;s lines beside it instead of replacing it. Change or remove it
      in the service first.
    </Notice>
  );
}
