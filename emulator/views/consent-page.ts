// The sign-in and consent page of the authorize endpoint. Plain HTML form: works without
// JavaScript, every value escaped by the `html` tag.
import { html } from "hono/html";
import type { AuthorizeRequest } from "../routes/authorize-request";
import type { Scope } from "../state";
import type { Markup } from "./layout";

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  basic: "See your organization's account details and set the integration status",
  data_add: "Create and update records, such as splitting transactions",
  data_query: "Read your contacts and transactions",
};

export type ConsentPageProps = {
  applicationName: string;
  request: AuthorizeRequest;
  demoAccounts: Array<{ email: string; organization: string }>;
  demoPassword: string;
  error?: string;
  email?: string;
};

export function consentTitle(applicationName: string): string {
  return `Sign in to authorize ${applicationName}`;
}

export function consentPage(props: ConsentPageProps): Markup {
  const hidden = Object.entries(props.request.params).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  return html`
    <h1>${consentTitle(props.applicationName)}</h1>
    ${props.error ? html`<p class="error" role="alert">${props.error}</p>` : ""}
    <p><strong>${props.applicationName}</strong> is asking for access to your organization's account:</p>
    <ul class="scopes">
      ${props.request.scopes.map((scope) => html`<li>${SCOPE_DESCRIPTIONS[scope]}</li>`)}
    </ul>
    <form method="post" action="/admin/oauth2/authorize">
      ${hidden}
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required value="${props.email ?? ""}" />
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required />
      <div class="actions">
        <button class="primary" type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
      </div>
    </form>
    <div class="hint">
      Demo accounts (password <code>${props.demoPassword}</code>):
      <ul>
        ${props.demoAccounts.map((a) => html`<li><code>${a.email}</code> · ${a.organization}</li>`)}
      </ul>
    </div>
  `;
}

export function errorPage(title: string, message: string): Markup {
  return html`
    <h1>${title}</h1>
    <p class="error" role="alert">${message}</p>
    <p>Nothing was shared with the application. Return to it and start again.</p>
  `;
}
