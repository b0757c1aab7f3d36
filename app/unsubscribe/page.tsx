import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from "@/lib/notifications/choices";
import { UNSUBSCRIBE_WORDS, unsubscribeTarget } from "@/lib/notifications/unsubscribe";
import { unsubscribeQuery, verifyUnsubscribe } from "@/lib/notifications/unsubscribe-link";

export const metadata = { title: "Stop e-mails" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

// A mail's unsubscribe link lands here, signed in or not. Opening it changes nothing (mail
// scanners open links); the button POSTs to /api/unsubscribe, which comes back with done=.
export default async function UnsubscribePage({ searchParams }: Props) {
  const query = await searchParams;
  const done = one(query.done);
  if (done && (UNSUBSCRIBE_KINDS as readonly string[]).includes(done)) {
    return <Done kind={done as UnsubscribeKind} gone={one(query.gone) === "1"} />;
  }
  const verified = one(query.invalid) ? null : verifyUnsubscribe({ r: one(query.r), k: one(query.k), s: one(query.s) });
  if (!verified) {
    return (
      <Page title="This link does not work">
        <Notice tone="warn" role="alert">
          This unsubscribe link is not valid: it may have been cut short by the mail program. Copy the whole link from
          the mail, or sign in and change your choices in Settings, under E-mail notifications.
        </Notice>
      </Page>
    );
  }
  const target = await unsubscribeTarget(verified.recipientId);
  if (!target) return <Done kind={verified.kind} gone />;
  return (
    <Page title="Stop e-mails?">
      <p>
        Stop {UNSUBSCRIBE_WORDS[verified.kind]} to <strong>{target.email}</strong> for{" "}
        <strong>{target.organizationName}</strong>? Other mails stay as they are.
      </p>
      <form method="post" action={`/api/unsubscribe?${unsubscribeQuery(verified)}&via=page`}>
        <div className="button-row">
          <button type="submit" className="button">
            Stop these mails
          </button>
        </div>
      </form>
    </Page>
  );
}

function Done({ kind, gone }: { kind: UnsubscribeKind; gone: boolean }) {
  return (
    <Page title={gone ? "Nothing more to stop" : "Done"}>
      <Notice tone="ok">
        {gone
          ? "This address is no longer on the notification list: Apportion sends it nothing."
          : `You will no longer get ${UNSUBSCRIBE_WORDS[kind]}. An admin can turn them on again in Settings, under E-mail notifications.`}
      </Notice>
    </Page>
  );
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="hero">
      <h1>{title}</h1>
      {children}
      <div className="button-row button-row--center">
        <ButtonLink variant="secondary" href="/settings">
          Settings
        </ButtonLink>
      </div>
    </div>
  );
}
