// One mail's words as a structure, and the two parts every mail carries: plain text and HTML,
// written from the same structure so they never say different things. Every value that came from
// outside (an organization's name, a reason, a difference) is escaped in the HTML.
import "server-only";

export type MailLine = { text: string; href?: string };

export type MailContent = {
  subject: string;
  /** Paragraphs before the list. */
  intro: string[];
  lines: MailLine[];
  /** The one thing to do, and where (an address of the app: it goes through sign-in). */
  action: { label: string; href: string };
  /** Why this mail came, and how to stop it. */
  footer: string;
  unsubscribeHref: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

export function renderMail(content: MailContent): RenderedMail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}

function renderText(c: MailContent): string {
  const parts = [
    ...c.intro,
    c.lines.map((line) => `- ${line.text}${line.href ? `\n  ${line.href}` : ""}`).join("\n"),
    `${c.action.label}: ${c.action.href}`,
    "--",
    c.footer,
    `Stop these mails: ${c.unsubscribeHref}`,
  ];
  return parts.filter((part) => part !== "").join("\n\n") + "\n";
}

function renderHtml(c: MailContent): string {
  const lines = c.lines.length
    ? `<ul>${c.lines
        .map(
          (line) =>
            `<li>${line.href ? `<a href="${escape(line.href)}">${escape(line.text)}</a>` : escape(line.text)}</li>`,
        )
        .join("")}</ul>`
    : "";
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escape(c.subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 40rem">',
    ...c.intro.map((p) => `<p>${escape(p)}</p>`),
    lines,
    `<p><a href="${escape(c.action.href)}" style="font-weight: 600">${escape(c.action.label)}</a></p>`,
    `<hr><p style="font-size: 0.875rem; color: #555">${escape(c.footer)} `,
    `<a href="${escape(c.unsubscribeHref)}">Stop these mails</a>.</p>`,
    "</body></html>",
  ].join("\n");
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
