import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { ConnectionPanel } from "@/components/connection/connection-panel";
import { requireConnection } from "@/lib/auth/session";
import { readConnectionView } from "@/lib/connections/read";
import { getEnv } from "@/lib/env";
import { connectionKey } from "@/lib/hooks/query-keys";
import { getQueryClient } from "@/lib/query-client";
import { Providers } from "@/components/providers";
import { TimeZoneSync } from "@/components/time-zone-sync";
import { PauseSwitch } from "@/components/templates/pause-switch";
import { pauseOf } from "@/lib/templates/pause-view";
import { adminTimeZone } from "@/lib/time-zone";
import { NotificationSettings } from "@/components/notifications/notification-settings";
import { listRecipients } from "@/lib/notifications/recipients";
import { mailGoesOut } from "@/lib/notifications/transport";

export const metadata = { title: "Settings" };

export default async function SettingsPage() {
  const connection = await requireConnection();
  const queryClient = getQueryClient();
  const [zone, recipients] = await Promise.all([
    adminTimeZone(),
    listRecipients(connection.id),
    queryClient.prefetchQuery({ queryKey: connectionKey, queryFn: () => readConnectionView(connection.id) }),
  ]);
  return (
    <>
      <TimeZoneSync rendered={zone} />
      <h1>Settings</h1>
      <p className="muted">The connection between Apportion and your organization&apos;s account on the service.</p>
      <Providers>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <ConnectionPanel providerId={getEnv().SERVICE_ENVIRONMENT} zone={zone} />
        </HydrationBoundary>
      </Providers>
      <PauseSwitch pause={pauseOf(connection)} zone={zone} />
      <NotificationSettings initial={recipients} goesOut={mailGoesOut()} digestHour={getEnv().MAIL_DIGEST_HOUR} />
    </>
  );
}
