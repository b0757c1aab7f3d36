import { ConnectButton } from "@/components/connection/connect-button";
import { CONNECT_FAILURES, isConnectFailure } from "@/lib/auth/connect-failure";
import { getEnv } from "@/lib/env";
import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

export const metadata = { title: "Could not connect" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConnectErrorPage({ searchParams }: Props) {
  const { reason } = await searchParams;
  // Only known reasons are shown; the address never puts its own text on the page.
  const failure = isConnectFailure(reason) ? reason : "unknown";
  return (
    <div className="hero">
      <h1>{failure === "denied" ? "Access was not allowed" : "Could not connect"}</h1>
      <Notice tone="warn" role="alert">
        {CONNECT_FAILURES[failure]}
      </Notice>
      <div className="button-row button-row--center">
        <ConnectButton providerId={getEnv().SERVICE_ENVIRONMENT} label="Try again" />
        <ButtonLink variant="secondary" href="/">
          Back to the start
        </ButtonLink>
      </div>
    </div>
  );
}
