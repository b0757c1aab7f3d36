"use client";

import { useState } from "react";
import { Notice } from "@/components/ui/notice";
import type { RecipientView } from "@/lib/notifications/choices";
import { RecipientForm } from "./recipient-form";

type Props = { initial: RecipientView[]; goesOut: boolean; digestHour: number };

/**
 * Settings, E-mail notifications: who hears about this organization, and how. The service names
 * no person and no address, so admins add theirs here; each mail's link stops its kind.
 */
export function NotificationSettings({ initial, goesOut, digestHour }: Props) {
  const [recipients, setRecipients] = useState(initial);
  const saved = (view: RecipientView) =>
    setRecipients((list) =>
      list.some((r) => r.id === view.id) ? list.map((r) => (r.id === view.id ? view : r)) : [...list, view],
    );
  const removed = (id: string) => setRecipients((list) => list.filter((r) => r.id !== id));

  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">E-mail notifications</h2>
      <p className="muted">
        Apportion mails these addresses when the organization needs an admin: at once, in a daily digest (from{" "}
        {String(digestHour).padStart(2, "0")}:00 UTC, only when there is something to say), or not at all. Every mail
        has a link that stops its kind.
      </p>
      {!goesOut && (
        <Notice tone="info" role="none">
          No mail server is set (SMTP_URL): mails are written to the server&apos;s log instead of being sent.
        </Notice>
      )}
      {recipients.length === 0 && <p>No address yet: nobody is told when the connection stops.</p>}
      {recipients.map((recipient) => (
        <RecipientForm key={recipient.id} recipient={recipient} onSaved={saved} onRemoved={removed} />
      ))}
      <h3>Add an address</h3>
      <RecipientForm onSaved={saved} />
    </section>
  );
}
