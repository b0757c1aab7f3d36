// Operation 1 of the spec: the authorize endpoint with its sign-in and consent page.
import { Hono, type Context } from "hono";
import { randomToken, sha256Hex } from "../crypto";
import { findOrganizationByCredentials } from "../grants";
import { readFormBody } from "../http";
import { DEMO_PASSWORD } from "../seed";
import type { EmulatorDeps } from "../state";
import { consentPage, consentTitle, errorPage } from "../views/consent-page";
import { sendPage } from "../views/layout";
import {
  checkAuthorizeRequest,
  redirectWithParams,
  type AuthorizeCheck,
  type AuthorizeRequest,
} from "./authorize-request";

export function authorizeRoutes({ config, state }: EmulatorDeps): Hono {
  const app = new Hono();
  const title = consentTitle(config.applicationName);

  const showConsent = (
    c: Context,
    request: AuthorizeRequest,
    status: 200 | 400 | 401,
    error?: string,
    email?: string,
  ) => {
    const demoAccounts = [...state.organizations.values()].map((org) => ({
      email: org.adminEmail,
      organization: org.name,
    }));
    const props = {
      applicationName: config.applicationName,
      request,
      demoAccounts,
      demoPassword: DEMO_PASSWORD,
    };
    return sendPage(c, status, title, consentPage({ ...props, error, email }));
  };

  // Redirects carry the code or error in the query: keep them out of caches and Referer headers.
  const redirect = (c: Context, location: string) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(location, 302);
  };

  const refuse = (c: Context, check: Exclude<AuthorizeCheck, { kind: "ok" }>) =>
    check.kind === "fatal"
      ? sendPage(c, 400, check.title, errorPage(check.title, check.message))
      : redirect(c, check.location);

  app.get("/admin/oauth2/authorize", (c) => {
    const check = checkAuthorizeRequest(config, new URL(c.req.url).searchParams);
    if (check.kind !== "ok") return refuse(c, check);
    return showConsent(c, check.request, 200);
  });

  app.post("/admin/oauth2/authorize", async (c) => {
    const form = await readFormBody(c);
    if (form === null) {
      const heading = "Invalid request";
      return sendPage(c, 400, heading, errorPage(heading, "The form was not sent as a web form."));
    }
    const check = checkAuthorizeRequest(config, form);
    if (check.kind !== "ok") return refuse(c, check);
    const { request } = check;

    const decision = form.get("decision");
    if (decision === "deny") {
      return redirect(
        c,
        redirectWithParams(request.redirectUri, {
          error: "access_denied",
          error_description: "The user denied the authorization request",
          state: request.state,
        }),
      );
    }
    const email = form.get("email") ?? "";
    if (decision !== "allow") return showConsent(c, request, 400, "Choose Allow or Deny.", email);

    const organization = findOrganizationByCredentials(state, email, form.get("password") ?? "");
    if (organization === undefined) {
      return showConsent(c, request, 401, "Email or password is incorrect", email);
    }

    const code = randomToken();
    state.codes.set(sha256Hex(code), {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      organizationId: organization.id,
      scopes: request.scopes,
      codeChallenge: request.codeChallenge,
      expiresAt: config.now() + config.codeTtlSeconds * 1000,
      grantId: null,
    });
    // The setting `state: dropped` plays a service that does not echo it (the docs never mention it).
    const echoed = state.settings.service.state === "echoed" ? request.state : null;
    return redirect(c, redirectWithParams(request.redirectUri, { code, state: echoed }));
  });

  return app;
}
