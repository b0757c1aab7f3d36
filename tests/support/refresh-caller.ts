// A second "app instance" for the cross-process refresh test: its own process, its own pool and
// in-process single-flight, the same database. Makes CALLS concurrent service calls on one
// connection and prints how many succeeded.
import { withServiceAccess } from "@/lib/connections/service-access";
import { db } from "@/lib/db";
import { getAccountDetails } from "@/lib/service/account";

const connectionId = process.env.CONNECTION_ID ?? "";
const calls = Number(process.env.CALLS ?? 25);
const results = await Promise.allSettled(
  Array.from({ length: calls }, () =>
    withServiceAccess(connectionId, (token, target) => getAccountDetails(target, token)),
  ),
);
const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
console.log(JSON.stringify({ ok: results.length - failures.length, failures }));
await db().$disconnect();
