import { redirect } from "next/navigation";
import { ConnectButton } from "@/components/connection/connect-button";
import { getCurrentConnection } from "@/lib/auth/session";
import { getEnv } from "@/lib/env";
import { Notice } from "@/components/ui/notice";
import { returnPath } from "@/lib/return-path";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LandingPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = returnPath(params.next);
  if (await getCurrentConnection()) redirect(next);
  const env = getEnv();
  return (
    <div className="hero">
      {params.disconnected === "1" && (
        <Notice tone="ok">
          Disconnected. The service was told, and Apportion deleted its tokens for your organization.
        </Notice>
      )}
      {params.disconnected === "local" && (
        <Notice tone="warn" role="status">
          Disconnected. Apportion deleted its tokens, but could not reach the service to tell it; you can also remove
          Apportion from your organization&apos;s integrations on the service.
        </Notice>
      )}
      {params.signed_out === "1" && <Notice tone="info">Your session has ended. Connect again to continue.</Notice>}
      <h1>Apportion</h1>
      <p>
        Apportion re-allocates your organization&apos;s existing gifts across campaigns and funds, and sends the result
        to your fundraising service as an import of splits.
      </p>
      <ConnectButton providerId={env.SERVICE_ENVIRONMENT} callbackUrl={next} />
      <p className="small muted hero__note">
        {env.SERVICE_ENVIRONMENT === "playground"
          ? "You will sign in to the service's Playground (test) environment and choose whether to allow access."
          : "You will sign in to the service and choose whether to allow access."}
      </p>
    </div>
  );
}
