// The submissions' routes (app/api/submissions/**) and the hooks that call them
// (lib/hooks/use-submission.ts, use-submit-allocation.ts, use-bulk.ts's progress).
import type { createSubmission } from "@/lib/submissions/create";
import type { listSubmissions } from "@/lib/submissions/list";
import type { SubmissionProgress } from "@/lib/submissions/progress";
import type { SubmissionDetail } from "@/lib/submissions/read";
import type { retrySubmission } from "@/lib/submissions/retry";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { contract } from "./contract";

/** GET /api/submissions */
export const submissionsList = contract<Awaited<ReturnType<typeof listSubmissions>>>();

/** POST /api/submissions: 201 when stored now, 200 when the key was seen before. */
export const submissionCreate = contract<Pick<Awaited<ReturnType<typeof createSubmission>>, "submissionId" | "created">, typeof submissionRequestSchema>(
  submissionRequestSchema,
);

/** GET /api/submissions/:id: an unknown id is a 404, never null. */
export const submissionRead = contract<SubmissionDetail>();

/** GET /api/submissions/:id/progress */
export const submissionProgress = contract<SubmissionProgress>();

/** POST /api/submissions/:id/retry: how many batches go out again. */
export const submissionRetry = contract<{ retried: Awaited<ReturnType<typeof retrySubmission>> }>();

/** POST /api/submissions/:id/verify ("Check again") */
export const submissionVerify = contract<{ ok: true }>();
