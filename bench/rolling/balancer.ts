// The rolling-restart bench's load balancer: round-robin over the app instances that are in
// rotation, as a cloud balancer does with readiness checks. Each instance's /api/health/ready is
// asked every CHECK_MS; a 503 takes it out at once, no answer within 2 s twice in a row too (a
// loaded machine answers late), and two good answers in a row put it back. A request is proxied once, never retried: a reset or a
// refused connection is a failed request (502), which is what the bench counts.
import http from "node:http";

const CHECK_MS = 500;

export type Backend = { name: string; port: number; in: boolean; good: number; bad: number };

export class Balancer {
  readonly backends: Backend[];
  /** Milliseconds with no instance in rotation (sampled every 100 ms while `measuring`). */
  noneReadyMs = 0;
  measuring = false;
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly server: http.Server;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(backends: { name: string; port: number }[]) {
    this.backends = backends.map((b) => ({ ...b, in: false, good: 0, bad: 0 }));
    this.server = http.createServer((req, res) => this.forward(req, res));
    this.timers.push(setInterval(() => void this.check(), CHECK_MS));
    this.timers.push(
      setInterval(() => {
        if (this.measuring && !this.backends.some((b) => b.in)) this.noneReadyMs += 100;
      }, 100),
    );
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve) => this.server.listen(port, "127.0.0.1", () => resolve()));
  }

  close() {
    for (const t of this.timers) clearInterval(t);
    this.server.closeAllConnections();
    this.server.close();
    this.agent.destroy();
  }

  inRotation(name: string): boolean {
    return this.backends.find((b) => b.name === name)?.in ?? false;
  }

  private async check() {
    await Promise.all(
      this.backends.map(async (b) => {
        const status = await fetch(`http://127.0.0.1:${b.port}/api/health/ready`, {
          signal: AbortSignal.timeout(2_000),
        })
          .then((r) => r.status)
          .catch(() => 0);
        if (status === 200) {
          b.bad = 0;
          if (++b.good >= 2) b.in = true;
          return;
        }
        b.good = 0;
        // An answer of 503 (stopping, not ready) takes it out at once; no answer, twice in a row.
        if (status !== 0 || ++b.bad >= 2) b.in = false;
      }),
    );
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse) {
    const ready = this.backends.filter((b) => b.in);
    if (ready.length === 0) {
      res.writeHead(503).end("no instance in rotation");
      return;
    }
    const backend = ready[this.next++ % ready.length]!;
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: this.agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (!res.headersSent) res.writeHead(502, { "x-balancer-error": error.code ?? "error" }).end();
      else res.destroy();
    });
    req.pipe(upstream);
  }
}
