// Page shell shared by the emulator's HTML pages: one inline stylesheet, no scripts, no external
// resources, and headers that keep the pages out of frames, caches and Referer headers.
import type { Context } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

// A constant, written out unescaped: entities are not decoded inside <style>.
const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; background: #f3f4f6; color: #111827; line-height: 1.5; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff;
         border: 1px solid #e5e7eb; border-radius: 0.75rem; box-sizing: border-box; }
  @media (max-width: 32rem) { main { margin: 1rem 0.75rem; padding: 1.25rem; } }
  main.wide { max-width: 44rem; }
  h1 { font-size: 1.35rem; margin: 0 0 1rem; }
  .badge { display: inline-block; font-size: 0.75rem; font-weight: 600; letter-spacing: 0.04em;
           text-transform: uppercase; color: #92400e; background: #fef3c7; border-radius: 999px;
           padding: 0.1rem 0.6rem; margin-bottom: 0.75rem; }
  label { display: block; font-weight: 600; margin-top: 0.9rem; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 0.55rem;
           margin-top: 0.25rem; border: 1px solid #9ca3af; border-radius: 0.4rem; font-size: 1rem; }
  input:focus, button:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
  ul.scopes { padding-left: 1.2rem; }
  .hint { font-size: 0.875rem; color: #4b5563; background: #f9fafb; border: 1px solid #e5e7eb;
          border-radius: 0.4rem; padding: 0.6rem 0.8rem; margin-top: 1.25rem; }
  .error { color: #991b1b; background: #fef2f2; border: 1px solid #fecaca; border-radius: 0.4rem;
           padding: 0.6rem 0.8rem; }
  .notice { color: #065f46; background: #ecfdf5; border: 1px solid #a7f3d0; border-radius: 0.4rem;
            padding: 0.6rem 0.8rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: 0.55rem 1.2rem; border-radius: 0.4rem; cursor: pointer;
           border: 1px solid #1f2937; background: #fff; color: #111827; }
  button.primary { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
  button.danger { background: #b91c1c; border-color: #b91c1c; color: #fff; }
  table { width: 100%; border-collapse: collapse; margin-top: 1rem; font-size: 0.95rem; }
  th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  code { font-size: 0.85rem; }
`;

// No `form-action` directive on purpose: browsers apply it to the redirect that follows a form
// submission, and the consent form's answer redirects to the partner application's origin.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

export function sendPage(
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  body: Markup,
  options: { wide?: boolean } = {},
): Promise<Response> | Response {
  c.header("Content-Security-Policy", CSP);
  c.header("X-Frame-Options", "DENY");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "no-store");
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>${title} · Playground</title>
          <style>
            ${raw(STYLE)}
          </style>
        </head>
        <body>
          <main${options.wide ? raw(' class="wide"') : ""}>
            <span class="badge">Playground emulator</span>
            ${body}
          </main>
        </body>
      </html>`,
    status,
  );
}
