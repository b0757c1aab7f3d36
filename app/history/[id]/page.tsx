import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { SubmissionDetailView } from "@/components/history/submission-detail";
import { requireConnection } from "@/lib/auth/session";
import { submissionKey } from "@/lib/hooks/query-keys";
import { getSubmission } from "@/lib/submissions/read";
import { getQueryClient } from "@/lib/query-client";
import { Providers } from "@/components/providers";
import { TimeZoneSync } from "@/components/time-zone-sync";
import { adminTimeZone } from "@/lib/time-zone";
import { submissionTitle } from "@/components/history/submission-title";
import { Notice } from "@/components/ui/notice";

/** Read once per render: the title (generateMetadata) and the page ask for the same submission,
 *  and the page is the first thing the admin sees after Send. */
const submissionOf = cache(getSubmission);

type Props = {
  params: Promise<{ id: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props) {
  const connection = await requireConnection();
  const { id } = await params;
  const submission = /^[0-9a-f-]{36}$/i.test(id) ? await submissionOf(connection.id, id) : null;
  return { title: submission ? submissionTitle(submission, await adminTimeZone()) : "History" };
}

export default async function SubmissionPage({ params, searchParams }: Props) {
  const connection = await requireConnection();
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const [submission, zone] = await Promise.all([submissionOf(connection.id, id), adminTimeZone()]);
  if (!submission) notFound();
  // Arrived here from approving in To allocate: say what just happened.
  const approved = (await searchParams)?.sent === "approved";
  const queryClient = getQueryClient();
  queryClient.setQueryData(submissionKey(id), submission);
  return (
    <>
      <p className="small">
        <Link href="/history">← History</Link>
      </p>
      <TimeZoneSync rendered={zone} />
      <h1>{submissionTitle(submission, zone)}</h1>
      {approved && (
        <Notice tone="ok">
          Sent: the {submission.transactionCount.toLocaleString("en-US")} gift
          {submission.transactionCount === 1 ? "" : "s"} you approved went to the service in this one submission. Below:
          how far it got, then whether the service holds it.
        </Notice>
      )}
      <Providers>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <SubmissionDetailView id={id} zone={zone} connectionActive={connection.status === "active"} />
        </HydrationBoundary>
      </Providers>
    </>
  );
}
