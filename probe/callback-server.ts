// The probe's local callback: waits for the browser to come back to the redirect URI, for at
// most `waitMs` (a callback that never comes, for example because the service
// refused the redirect address, must end the probe with a message, not a silent wait).
import { createServer } from "node:http";

export class CallbackTimeout extends Error {}

export function receiveCallback(redirectUri: string, port: number, waitMs: number): Promise<string> {
  const expected = new URL(redirectUri);
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", redirectUri);
      if (url.pathname !== expected.pathname) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8", "Referrer-Policy": "no-referrer" });
      res.end("The probe received the answer. You can close this tab and return to the terminal.");
      clearTimeout(timer);
      server.close();
      resolve(url.toString());
    });
    const timer = setTimeout(() => {
      server.close();
      const seconds = Math.round(waitMs / 1000);
      reject(
        new CallbackTimeout(
          `No answer came back to ${redirectUri} within ${seconds} s. If the service's page said ` +
            `"Invalid redirect address", register that address as a redirect URI of the application ` +
            `(or give --redirect-uri with one that is); to wait longer, pass --wait <seconds>.`,
        ),
      );
    }, waitMs);
    server.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    server.listen(port, "127.0.0.1");
  });
}
