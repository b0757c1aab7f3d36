import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DraftPreviewView } from "@/components/bulk/draft-preview";
import { AppError } from "@/lib/app-error";
import { requireConnection } from "@/lib/auth/session";
import { getPreview } from "@/lib/bulk/read";
import { bulkKey } from "@/lib/hooks/query-keys";
import { getQueryClient } from "@/lib/query-client";
import { Providers } from "@/components/providers";

export const metadata = { title: "Bulk allocation" };

type Props = { params: Promise<{ id: string }> };

export default async function BulkPreviewPage({ params }: Props) {
  const connection = await requireConnection();
  const { id } = await params;
  // Problems first: they are what the admin has to act on.
  const preview = await getPreview(connection.id, id, { page: 1 }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const queryClient = getQueryClient();
  queryClient.setQueryData([...bulkKey(id), preview.show, 1], preview);
  return (
    <>
      <p className="small">
        <Link href="/bulk">← Bulk allocation</Link>
      </p>
      <h1>Bulk allocation</h1>
      <Providers>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <DraftPreviewView id={id} initialShow={preview.show} />
        </HydrationBoundary>
      </Providers>
    </>
  );
}
