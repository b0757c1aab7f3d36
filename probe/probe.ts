// The service probe: walks the real OAuth flow against a service and checks, one line
// each, every assumption Apportion makes where the interface is silent. It talks HTTP itself
// (it must see raw answers, which lib/service parses away) and reuses lib/service for the listing
// path the app uses and which statuses end an import. It writes only after an explicit
// confirmation, redacts every secret from what it prints or stores, and ends its grant when done.
import { type CheckLine, createProbe, type ProbeConfig, type ProbeOptions, ProbeStopped } from "./context";
import { authorize, exchangeCode } from "./steps-connect";
import { checkDetails, checkImportsListing, checkIntegrationStatus, checkTransactionsPaging } from "./steps-read";
import { checkRefresh, checkRefusedRefresh, endGrant } from "./steps-tokens";
import { writeOneSplit } from "./steps-write";

export type ProbeReport = {
  probed_at: string;
  base_url: string;
  checks: CheckLine[];
  config: ProbeConfig;
  /** Why the probe stopped before its last check, when it did. */
  stopped?: string;
};

export async function runProbe(options: ProbeOptions): Promise<ProbeReport> {
  const probe = createProbe(options);
  let stopped: string | undefined;
  try {
    const { code, verifier } = await authorize(probe);
    await exchangeCode(probe, code, verifier);
    await checkDetails(probe);
    await checkIntegrationStatus(probe);
    const transactions = await checkTransactionsPaging(probe);
    const importId = await writeOneSplit(probe, transactions);
    await checkImportsListing(probe, importId);
    await checkRefresh(probe);
    await checkRefusedRefresh(probe);
  } catch (error) {
    if (!(error instanceof ProbeStopped)) throw error;
    stopped = probe.redact(error.message);
    options.log?.(`Stopped: ${stopped}`);
  } finally {
    await endGrant(probe);
  }
  return {
    probed_at: new Date().toISOString(),
    base_url: probe.base,
    checks: probe.checks,
    config: probe.config,
    ...(stopped === undefined ? {} : { stopped }),
  };
}
