import Link from "next/link";
import { ConnectButton } from "@/components/connection/connect-button";
import { CONNECT_FAILURES, isConnectFailure } from "@/lib/auth/connect-failure";
import { getEnv } from "@/lib/env";

export const metadata = { title: "Could not connect" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConnectErrorPage({ searchParams }: Props) {
  const { reason } = await searchParams;
  // Only known reasons are shown; the address never puts its own text on the page.
  const failure = isConnectFailure(reason) ? reason : "unknown";
  return (
    <div className="hero">
      <h1>{failure === "denied" ? "Access was not allowed" : "Could not connect"}</h1>
      <p className="notice notice--warn" role="alert">
        {CONNECT_FAILURES[failure]}
      </p>
      <div className="button-row" style={{ justifyContent: "center" }}>
        <ConnectButton providerId={getEnv().SERVICE_ENVIRONMENT} label="Try again" />
        <Link className="button button--secondary" href="/">
          Back to the start
        </Link>
      </div>
    </div>
  );
}
