// The organization's own admin page for connected applications. Sign-in is kept in a short-lived
// signed cookie (SameSite=Strict, so another site cannot submit the Disconnect form for the user).
import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { disconnectOrganization, findOrganizationByCredentials, grantsOf } from "../grants";
import { readFormBody } from "../http";
import type { Organization } from "../seed";
import type { EmulatorDeps, Grant } from "../state";
import { integrationsPage, signInPage, type ConnectedApp } from "../views/integrations-page";
import { sendPage } from "../views/layout";

const COOKIE = "playground_admin";
const COOKIE_PATH = "/admin/integrations";
const SESSION_SECONDS = 3600;
const TITLE = "Connected applications";

export function adminIntegrationRoutes({ config, state }: EmulatorDeps): Hono {
  const app = new Hono();
  // Per process: restarting the emulator signs everyone out, which is fine for a test tool.
  const secret = randomBytes(32).toString("base64url");

  const signedInOrganization = async (c: Context): Promise<Organization | undefined> => {
    const value = await getSignedCookie(c, secret, COOKIE);
    if (typeof value !== "string") return undefined;
    const [id, expires] = value.split(".");
    if (Number(expires) * 1000 < config.now()) return undefined;
    return state.organizations.get(Number(id));
  };

  const connectedApps = (org: Organization): ConnectedApp[] => {
    // Grants are in creation order: the last one per client describes the current connection,
    // and the client counts as connected while any of its grants is active.
    const latest = new Map<string, Grant>();
    const active = new Set<string>();
    for (const grant of grantsOf(state, org.id)) {
      latest.set(grant.clientId, grant);
      if (grant.status === "active") active.add(grant.clientId);
    }
    return [...latest.values()].map((grant) => ({
      clientId: grant.clientId,
      name: grant.clientId === config.clientId ? config.applicationName : grant.clientId,
      scopes: grant.scopes,
      connectedAt: new Date(grant.createdAt * 1000).toISOString(),
      status: active.has(grant.clientId) ? "Connected" : grant.status === "disconnected" ? "Disconnected" : "Revoked",
      reportedStatus:
        grant.integrationStatus === null ? null : `${grant.integrationStatus} (${grant.integrationUnits} units)`,
    }));
  };

  const showList = (c: Context, org: Organization, notice?: string) =>
    sendPage(
      c,
      200,
      TITLE,
      integrationsPage({
        organizationName: org.name,
        adminEmail: org.adminEmail,
        apps: connectedApps(org),
        notice,
      }),
      { wide: true },
    );

  app.get("/admin/integrations", async (c) => {
    const org = await signedInOrganization(c);
    if (org === undefined) return sendPage(c, 200, TITLE, signInPage({}));
    const notice = c.req.query("done") === "disconnected" ? "The application was disconnected." : undefined;
    return showList(c, org, notice);
  });

  app.post("/admin/integrations", async (c) => {
    const form = await readFormBody(c);
    const email = form?.get("email") ?? "";
    const org = findOrganizationByCredentials(state, email, form?.get("password") ?? "");
    if (org === undefined) {
      return sendPage(c, 401, TITLE, signInPage({ error: "Email or password is incorrect", email }));
    }
    const expires = Math.floor(config.now() / 1000) + SESSION_SECONDS;
    await setSignedCookie(c, COOKIE, `${org.id}.${expires}`, secret, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: "Strict",
      maxAge: SESSION_SECONDS,
    });
    return c.redirect("/admin/integrations", 303);
  });

  app.post("/admin/integrations/disconnect", async (c) => {
    const org = await signedInOrganization(c);
    if (org === undefined) {
      return sendPage(c, 401, TITLE, signInPage({ error: "Your session has ended. Sign in again." }));
    }
    const clientId = (await readFormBody(c))?.get("client_id");
    const count = clientId ? disconnectOrganization(state, org.id, clientId) : 0;
    // Post/redirect/get, so a reload does not re-submit the form.
    return c.redirect(count > 0 ? "/admin/integrations?done=disconnected" : "/admin/integrations", 303);
  });

  app.post("/admin/integrations/sign-out", (c) => {
    deleteCookie(c, COOKIE, { path: COOKIE_PATH });
    return c.redirect("/admin/integrations", 303);
  });

  return app;
}
