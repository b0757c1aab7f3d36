// An admin's Connect over plain HTTP, as a browser without JavaScript would make it: next-auth's
// CSRF token, its sign-in POST (state and PKCE cookies), the emulator's consent form (a plain form
// POST, no script), then the app's callback, which saves the grant and sets the session cookie.
// The app's own Connect path end to end, so a benchmark gets real sessions for its HTTP API
// without a browser. Cookies are kept per admin; the session cookie is returned, never printed.

/** A cookie jar of one admin, for one app origin (next-auth's cookies are host-only). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get(name: string) {
    return this.cookies.get(name);
  }
}

export type Session = { cookie: string };

/**
 * Signs `email` in through the app at `appUrl` (its NEXTAUTH_URL) and the emulator's consent page.
 * Returns the `Cookie` header that carries the session.
 */
export async function signIn(appUrl: string, email: string, password: string): Promise<Session> {
  const jar = new Jar();
  const csrf = await fetch(`${appUrl}/api/auth/csrf`);
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };

  const start = await fetch(`${appUrl}/api/auth/signin/playground`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${appUrl}/transactions` }).toString(),
  });
  jar.take(start);
  const authorize = new URL(start.headers.get("location") ?? "");
  if (!authorize.pathname.endsWith("/admin/oauth2/authorize")) {
    throw new Error(`sign-in did not lead to the consent page (${start.status} ${authorize.pathname})`);
  }

  // The consent form posts the authorization request again with the admin's answer.
  const form = new URLSearchParams(authorize.searchParams);
  form.set("email", email);
  form.set("password", password);
  form.set("decision", "allow");
  const consent = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const callback = consent.headers.get("location");
  if (consent.status !== 302 || !callback) throw new Error(`consent answered ${consent.status}`);

  const back = await fetch(callback, { redirect: "manual", headers: { Cookie: jar.header() } });
  jar.take(back);
  await back.arrayBuffer();
  if (!jar.get("next-auth.session-token")) {
    throw new Error(`the callback set no session (${back.status} ${back.headers.get("location") ?? ""})`);
  }
  return { cookie: `next-auth.session-token=${jar.get("next-auth.session-token")}` };
}
