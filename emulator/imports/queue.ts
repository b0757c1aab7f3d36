// Submission and asynchronous processing of imports. The spec: imports are processed in the
// order received; the facts: one import job works at a time. So each organization has a queue
// and at most one worker draining it.
import { realismState } from "../realism/realism-state";
import type { EmulatorDeps } from "../state";
import type { ImportAction, ImportFormat, ImportJob, ImportQueue, MatchBy } from "./model";
import { processImport } from "./process-import";

export function submitImport(
  deps: EmulatorDeps,
  input: {
    organizationId: number;
    clientId: string;
    format: ImportFormat;
    action: ImportAction;
    matchBy: MatchBy;
    rows: unknown[];
  },
): ImportJob {
  const { state, config } = deps;
  const now = config.now();
  const job: ImportJob = {
    id: state.nextImportNumber++,
    organizationId: input.organizationId,
    clientId: input.clientId,
    status: "Pending",
    format: input.format,
    action: input.action,
    matchBy: input.matchBy,
    rows: input.rows,
    rowsImported: 0,
    rowsDropped: 0,
    createdAt: now,
    updatedAt: now,
    startedAt: null,
    completedAt: null,
    notifications: [],
  };
  state.imports.set(job.id, job);
  let queue = state.importQueues.get(job.organizationId);
  if (queue === undefined) {
    queue = { waiting: [], running: false };
    state.importQueues.set(job.organizationId, queue);
  }
  queue.waiting.push(job.id);
  if (!queue.running) {
    queue.running = true;
    void drain(deps, queue, state.epoch);
  }
  return job;
}

/** Imports of the organization not yet Complete: the stats' pending_jobs. */
export function pendingImports(deps: EmulatorDeps, organizationId: number): number {
  let count = 0;
  for (const job of deps.state.imports.values()) {
    if (job.organizationId === organizationId && (job.status === "Pending" || job.status === "Working")) count++;
  }
  return count;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function drain({ state, config }: EmulatorDeps, queue: ImportQueue, epoch: number): Promise<void> {
  try {
    // Always yield first, so even with no delay the submitting request is answered while Pending.
    await pause(0);
    for (let id = queue.waiting.shift(); id !== undefined; id = queue.waiting.shift()) {
      // A reset replaced the whole world: this queue and its imports no longer exist.
      if (state.epoch !== epoch) return;
      const job = state.imports.get(id);
      if (job === undefined) continue;
      job.status = "Working";
      job.updatedAt = config.now();
      job.startedAt = job.updatedAt;
      await pause(config.importDelayMs + realismState({ state, config }).realism.importMsPerRow * job.rows.length);
      if (state.epoch !== epoch) return;
      try {
        processImport(state, job, config.applicationName, config.now());
        job.status = "Complete";
      } catch (error) {
        // A bug in the emulator, not a bad row: show it rather than leave the import Working.
        console.error(`[emulator] import ${job.id} failed:`, error);
        job.status = "Error";
      }
      job.updatedAt = config.now();
      job.completedAt = job.updatedAt;
    }
  } finally {
    queue.running = false;
  }
}
