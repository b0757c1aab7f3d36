// Drives next-auth's whole OAuth flow in-process, the way a browser would (cookies kept between
// requests, redirects followed by the test): next-auth's own handler with Apportion's options,
// through its documented request/response signature, NextAuth(req, res, options). The route
// handler of the app wraps the same handler for the App Router; that wrapper needs a running
// Next.js server for its cookies() and headers(), which the end-to-end suite covers.
import NextAuth, { type NextAuthOptions } from "next-auth";

class RecordedResponse {
  statusCode = 200;
  body: unknown;
  readonly headers = new Map<string, string | string[]>();
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string | string[]) {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }
  getHeader(name: string) {
    return this.headers.get(name.toLowerCase());
  }
  end() {}
  json(body: unknown) {
    this.body = body;
  }
  send(body: unknown) {
    this.body = body;
  }
}

export type AuthAnswer = { status: number; location?: string; body: unknown };

export function nextAuthBrowser(options: NextAuthOptions, appUrl: string) {
  const cookies = new Map<string, string>();

  async function request(
    method: "GET" | "POST",
    route: string[],
    query: Record<string, string> = {},
    body?: Record<string, string>,
  ): Promise<AuthAnswer> {
    const res = new RecordedResponse();
    const req = {
      method,
      query: { ...query, nextauth: route },
      body,
      cookies: Object.fromEntries(cookies),
      headers: {
        host: new URL(appUrl).host,
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
    };
    await (NextAuth as unknown as (req: unknown, res: unknown, options: NextAuthOptions) => Promise<void>)(
      req,
      res,
      options,
    );
    const setCookie = res.getHeader("set-cookie") ?? [];
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair = ""] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = res.getHeader("location");
    return { status: res.statusCode, location: typeof location === "string" ? location : undefined, body: res.body };
  }

  return { request, cookies };
}
