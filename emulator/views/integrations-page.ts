// The organization admin's "connected applications" page, where a user disconnects an app.
import { html } from "hono/html";
import type { Scope } from "../state";
import { SCOPE_DESCRIPTIONS } from "./consent-page";
import type { Markup } from "./layout";

export type ConnectedApp = {
  clientId: string;
  name: string;
  scopes: Scope[];
  connectedAt: string;
  status: "Connected" | "Disconnected" | "Revoked";
  reportedStatus: string | null;
};

export function signInPage(props: { error?: string; email?: string }): Markup {
  return html`
    <h1>Sign in to manage connected applications</h1>
    ${props.error ? html`<p class="error" role="alert">${props.error}</p>` : ""}
    <form method="post" action="/admin/integrations">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required value="${props.email ?? ""}" />
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required />
      <div class="actions"><button class="primary" type="submit">Sign in</button></div>
    </form>
  `;
}

export function integrationsPage(props: {
  organizationName: string;
  adminEmail: string;
  apps: ConnectedApp[];
  notice?: string;
}): Markup {
  const rows = props.apps.map(
    (app) =>
      html`<tr>
        <td><strong>${app.name}</strong><br /><code>${app.clientId}</code></td>
        <td>
          <ul class="scopes">
            ${app.scopes.map((s) => html`<li>${SCOPE_DESCRIPTIONS[s]}</li>`)}
          </ul>
        </td>
        <td>${app.connectedAt}</td>
        <td>${app.status}${app.reportedStatus ? html`<br /><small>Reported: ${app.reportedStatus}</small>` : ""}</td>
        <td>
          ${
            app.status === "Connected"
              ? html`<form method="post" action="/admin/integrations/disconnect">
                  <input type="hidden" name="client_id" value="${app.clientId}" />
                  <button class="danger" type="submit">Disconnect</button>
                </form>`
              : ""
          }
        </td>
      </tr>`,
  );
  return html`
    <h1>Connected applications · ${props.organizationName}</h1>
    ${props.notice ? html`<p class="notice" role="status">${props.notice}</p>` : ""}
    ${
      props.apps.length === 0
        ? html`<p>No application has been connected to this organization.</p>`
        : html`<table>
            <thead>
              <tr>
                <th>Application</th>
                <th>Access</th>
                <th>Connected at</th>
                <th>Status</th>
                <th></th>
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>`
    }
    <form method="post" action="/admin/integrations/sign-out">
      <p>Signed in as <code>${props.adminEmail}</code>. <button type="submit">Sign out</button></p>
    </form>
  `;
}
