import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SubmissionDetailView } from "@/components/history/submission-detail";
import { requireConnection } from "@/lib/auth/session";
import { submissionKey } from "@/lib/hooks/query-keys";
import { getSubmission } from "@/lib/submissions/read";
import { getQueryClient } from "@/lib/query-client";
import { Providers } from "@/components/providers";
import { TimeZoneSync } from "@/components/time-zone-sync";
import { adminTimeZone } from "@/lib/time-zone";

export const metadata = { title: "Submission" };

type Props = { params: Promise<{ id: string }> };

export default async function SubmissionPage({ params }: Props) {
  const connection = await requireConnection();
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const [submission, zone] = await Promise.all([getSubmission(connection.id, id), adminTimeZone()]);
  if (!submission) notFound();
  const queryClient = getQueryClient();
  queryClient.setQueryData(submissionKey(id), submission);
  return (
    <>
      <p className="small">
        <Link href="/history">← Import history</Link>
      </p>
      <TimeZoneSync rendered={zone} />
      <h1>Submission</h1>
      <Providers>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <SubmissionDetailView id={id} zone={zone} waitingForReconnect={connection.status !== "active"} />
        </HydrationBoundary>
      </Providers>
    </>
  );
}
