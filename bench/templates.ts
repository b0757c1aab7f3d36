// Templates meeting 10,000 new gifts at once (target: ≤ 2 s with proposals stored): the gifts are written into the app's copy
// as a sync's batch writes them (firstSeenAt from the database's clock), then the function every
// complete sync run ends with proposes the template to each and stores the inbox items. Prints
// its time over several rounds (the inbox emptied between them).
// Run: npm run bench -- templates
import { performance } from "node:perf_hooks";
import { prepareBench } from "./setup";

const GIFTS = 10_000;
const ROUNDS = 3;

const { emulator, connection } = await prepareBench({ importDelayMs: 0, gifts: [] });
const { db } = await import("../lib/db");
const { templateSchema } = await import("../lib/templates/schema");
const { createTemplate } = await import("../lib/templates/store");
const { proposeForNewGifts } = await import("../lib/templates/match");

await createTemplate(
  connection.id,
  templateSchema.parse({
    name: "Bench",
    appliesTo: { kind: "campaign", value: "Bench Appeal" },
    lines: [
      { kind: "percent", figure: "33.33", fund: "Food Purchasing" },
      { kind: "fixed", figure: "1.00", fund: "Operations" },
      { kind: "remainder", fund: "General" },
    ],
  }),
);

const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  await db().inboxItem.deleteMany({ where: { connectionId: connection.id } });
  await db().knownTransaction.deleteMany({ where: { connectionId: connection.id, campaign: "Bench Appeal" } });
  await db().$executeRaw`
    INSERT INTO "KnownTransaction" ("connectionId", "transactionId", "amountCents", "currency", "occurredAt",
      "campaign", "fund", "contactName", "syncedAt", "contactSearch")
    SELECT ${connection.id}::uuid, 'bench-' || n, 10000 + n, 'USD', now() AT TIME ZONE 'UTC',
      'Bench Appeal', 'General', 'Donor ' || n, now() AT TIME ZONE 'UTC', 'donor ' || n
    FROM generate_series(1, ${GIFTS}::int) AS n`;
  const start = performance.now();
  const outcome = await proposeForNewGifts(connection.id);
  times.push(performance.now() - start);
  const stored = await db().inboxItem.count({ where: { connectionId: connection.id, status: "waiting" } });
  if (outcome.proposed !== GIFTS || stored !== GIFTS) throw new Error(`proposed ${outcome.proposed}, stored ${stored}`);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `templates: ${GIFTS.toLocaleString("en-US")} new gifts proposed and stored: ${times.map((t) => `${Math.round(t)} ms`).join(", ")} (median ${Math.round(sorted[Math.floor(ROUNDS / 2)] ?? 0)} ms)`,
);
await emulator.close();
process.exit(0);
