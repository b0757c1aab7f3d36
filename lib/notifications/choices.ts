// What an admin chooses to hear about, and how: the settings form and its route share this one
// schema (shared with the browser: no server code here).
import "@/lib/zod-csp";
import { z } from "zod";
import { textProblem } from "@/lib/unicode";

export const NOTIFICATION_CHOICES = ["immediate", "daily", "off"] as const;
export type NotificationChoice = (typeof NOTIFICATION_CHOICES)[number];

/** The kinds a recipient chooses for, as MailRecipient's columns name them. */
export const NOTIFICATION_KINDS = ["reconnect", "submissions", "inbox"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a choice is called on screen, for each kind; the inbox kind has no "at once": it is about
 *  gifts that waited a day, and a day's automatic sends, which only a digest can sum up. */
export const KIND_LABELS: Record<NotificationKind, { title: string; hint: string }> = {
  reconnect: {
    title: "The connection needs reconnecting",
    hint: "Scheduled syncs and sending stop until an admin reconnects.",
  },
  submissions: {
    title: "A change ends Differs, Could not verify or Failed",
    hint: "A change sent to the service that it does not hold as sent, or that could not be sent.",
  },
  inbox: {
    title: "To allocate: gifts waiting over a day, and what was sent automatically",
    hint: "A daily summary.",
  },
};

export const CHOICE_LABELS: Record<NotificationChoice, string> = {
  immediate: "At once",
  daily: "Daily digest",
  off: "Off",
};

export const CHOICES_FOR: Record<NotificationKind, readonly NotificationChoice[]> = {
  reconnect: NOTIFICATION_CHOICES,
  submissions: NOTIFICATION_CHOICES,
  inbox: ["daily", "off"],
};

const choice = z.enum(NOTIFICATION_CHOICES, { error: "Choose at once, daily digest or off." });

/** An address: trimmed, lower case, one mailbox (no name, no list), at most 254 characters. */
export const emailSchema = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = textProblem(text, 254);
    if (problem) ctx.addIssue({ code: "custom", message: `The address ${problem}` });
  })
  .pipe(z.email({ error: "Enter one e-mail address, like name@example.org." }))
  .transform((text) => text.toLowerCase());

export const recipientSchema = z.object({
  email: emailSchema,
  reconnect: choice,
  submissions: choice,
  inbox: z.enum(["daily", "off"], { error: "Choose daily digest or off." }),
});
export type RecipientInput = z.input<typeof recipientSchema>;
export type Recipient = z.output<typeof recipientSchema>;

/** A recipient as the settings page shows it. */
export type RecipientView = Recipient & { id: string };

export const DEFAULT_RECIPIENT: RecipientInput = {
  email: "",
  reconnect: "immediate",
  submissions: "immediate",
  inbox: "daily",
};

/** What an unsubscribe link turns off: one kind, or (from a digest) every daily choice. */
export const UNSUBSCRIBE_KINDS = ["reconnect", "submissions", "digest"] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];
