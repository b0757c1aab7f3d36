// What a release's web server does with the database, run in a loop by the upgrade test with that
// release's own code (tests/upgrade/upgrade.test.ts): the transactions list and a donor search,
// History and every submission's detail, and now and then a new submission from the editor,
// stored, claimed and delivered as its route does after answering. The route handlers themselves
// need Next.js's request scope and a signed-in session; these are the lib functions they call, with
// the same arguments. Prints one JSON line per error and per round, and a summary when told to stop.
// Its imports name the previous release's modules, not this tree's: a refactor here must leave
// them be (this tree re-exports what they name until the release after).
import { db } from "@/lib/db";
import { tick } from "@/lib/outbox/tick";
import { splitEvenly } from "@/lib/splits/allocate";
import { centsToInput } from "@/lib/splits/money";
import { submissionRequestSchema } from "@/lib/splits/schema";
import { createSubmission } from "@/lib/submissions/create";
import { listSubmissions } from "@/lib/submissions/list";
import { getSubmission } from "@/lib/submissions/read";
import { listTransactions, transactionFiltersSchema } from "@/lib/transactions/read";
import { splitRowInput } from "@/tests/support/split-input";

const name = process.env.CLIENT_NAME ?? "client";
/** Which gifts this client may split (0 or 1): two clients never allocate the same gift. */
const parity = Number(process.env.CLIENT_PARITY ?? 0);
const submitEvery = Number(process.env.CLIENT_SUBMIT_EVERY ?? 4);
const pauseMs = Number(process.env.CLIENT_PAUSE_MS ?? 150);

// Told to stop through its standard input (a line, or its end), which tsx hands to the script
// unchanged; signals go through tsx's own relay, which ended the script outright now and then.
let stopping = false;
process.stdin.on("data", () => (stopping = true));
process.stdin.on("end", () => (stopping = true));
process.stdin.resume();

const counts = { rounds: 0, reads: 0, errors: 0 };
const submitted: string[] = [];
const emit = (line: Record<string, unknown>) => console.log(JSON.stringify({ client: name, ...line }));

async function op<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    const value = await run();
    counts.reads += what === "submit" ? 0 : 1;
    return value;
  } catch (error) {
    counts.errors += 1;
    const e = error as { code?: string; message?: string };
    emit({ event: "error", op: what, code: e.code ?? null, message: String(e.message ?? error).slice(0, 500) });
    return undefined;
  }
}

async function freeGift(connectionId: string) {
  // Gifts of at least $2 split in two lines of at least $1 (a refund or a 1-cent gift would not).
  const gifts = await db().knownTransaction.findMany({
    where: { connectionId, amountCents: { gte: 200 } },
    orderBy: { transactionId: "asc" },
    select: { transactionId: true },
  });
  const mine = gifts.filter((_, i) => i % 2 === parity).map((g) => g.transactionId);
  const [split, sent] = await Promise.all([
    db().knownSplit.findMany({ where: { connectionId, transactionId: { in: mine } }, select: { transactionId: true } }),
    db().submissionRow.findMany({
      where: { transactionId: { in: mine }, submission: { connectionId } },
      select: { transactionId: true },
    }),
  ]);
  const used = new Set([...split, ...sent].map((r) => r.transactionId));
  const id = mine.find((t) => !used.has(t));
  return id ? db().knownTransaction.findUnique({ where: { connectionId_transactionId: { connectionId, transactionId: id } } }) : null;
}

async function submit(connectionId: string) {
  const connection = await db().connection.findUniqueOrThrow({ where: { id: connectionId } });
  const gift = await freeGift(connectionId);
  if (!gift) return;
  const request = submissionRequestSchema.parse({
    idempotencyKey: crypto.randomUUID(),
    allocations: [
      {
        transactionId: gift.transactionId,
        totalCents: Number(gift.amountCents),
        currency: gift.currency,
        removedSplitIds: [],
        rows: splitEvenly(Number(gift.amountCents), 2).map((cents, i) =>
          splitRowInput(`${gift.externalId ?? gift.transactionId}:${i + 1}`, centsToInput(cents), {
            campaign: "Spring Appeal",
          }),
        ),
      },
    ],
  });
  const { submissionId } = await createSubmission(connection, request);
  submitted.push(submissionId);
  // As POST /api/submissions does once it has answered: claim and deliver this submission.
  await tick({ submissionId });
}

const connections = await db().connection.findMany({ select: { id: true }, orderBy: { organizationId: "asc" } });
emit({ event: "started", connections: connections.length });
while (!stopping) {
  for (const { id } of connections) {
    if (stopping) break;
    await op("list", () => listTransactions(id, transactionFiltersSchema.parse({})));
    await op("search", () => listTransactions(id, transactionFiltersSchema.parse({ search: "garcia" })));
    const history = await op("history", () => listSubmissions(id));
    for (const entry of history ?? []) {
      if (stopping) break;
      await op("detail", async () => {
        if (!(await getSubmission(id, entry.id))) throw new Error(`submission ${entry.id} not found`);
      });
    }
    if (counts.rounds % submitEvery === 0) await op("submit", () => submit(id));
  }
  counts.rounds += 1;
  emit({ event: "round", ...counts, submitted: submitted.length, at: Date.now() });
  await new Promise((r) => setTimeout(r, pauseMs));
}
emit({ event: "summary", ...counts, submitted });
process.exit(0);
