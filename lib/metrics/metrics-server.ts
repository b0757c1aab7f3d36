// A separate port for a process without the web server (`npm run worker`): GET /metrics there,
// with the same rule as GET /api/metrics (lib/metrics/expose.ts). Bind it where only the
// operator's Prometheus reaches (a private interface; METRICS_HOST, default 127.0.0.1).
import "server-only";
import { createServer, type Server } from "node:http";
import { metricsAnswer } from "./expose";

export function startMetricsServer(port: number, host = process.env.METRICS_HOST ?? "127.0.0.1"): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    metricsAnswer(request.headers.authorization ?? null).then(
      (answer) =>
        response
          .writeHead(answer.status, { "Content-Type": answer.contentType, "Cache-Control": "no-store" })
          .end(answer.body),
      () => response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics failed\n"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
