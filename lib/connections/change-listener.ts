// One dedicated PostgreSQL session per process that LISTENs for changes to Connection rows (the
// trigger of migration 20261123200500_connection_change_notify announces them). It reports two
// things: which row changed, and whether its word can be trusted right now ("listening").
//
// Listening is proven, not assumed: after LISTEN, and then every HEARTBEAT_MS, a probe is
// NOTIFYed through another session (the app's pool) and must arrive here within PROBE_TIMEOUT_MS.
// That also rules out setups where LISTEN succeeds but hears nothing: the embedded PGlite socket
// server (every client shares one session, so a notification goes back to whoever sent it) or a
// pooler in transaction mode. An error, a closed socket or a lost probe stops listening at once
// and retries with backoff.
import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { log } from "@/lib/log";

export const CHANGE_CHANNEL = "apportion_connection_changed";
/** The payload that means "forget every row" (the table was truncated). */
export const EVERY_CONNECTION = "*";
const PROBE_PREFIX = "probe:";

export type ChangeListenerOptions = {
  databaseUrl: string;
  /** Sends a NOTIFY on CHANGE_CHANNEL through a session other than the listener's. */
  notify: (payload: string) => Promise<unknown>;
  /** A connection id, or EVERY_CONNECTION. */
  onChange: (payload: string) => void;
  /** Called with false the moment notifications may be missed, with true once they are proven
   *  to arrive again (after a reconnect, anything may have changed meanwhile). */
  onListening: (listening: boolean) => void;
  heartbeatMs?: number;
  probeTimeoutMs?: number;
  retryMaxMs?: number;
  /** Names the session in pg_stat_activity (tests use it to cut one). */
  applicationName?: string;
};

export type ChangeListener = { readonly listening: boolean; stop: () => Promise<void> };

const HEARTBEAT_MS = 10_000;
const PROBE_TIMEOUT_MS = 5_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export function startChangeListener(options: ChangeListenerOptions): ChangeListener {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const retryMaxMs = options.retryMaxMs ?? RETRY_MAX_MS;
  const probes = probeBook(options.notify, options.probeTimeoutMs ?? PROBE_TIMEOUT_MS);
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let failures = 0;
  const timer = oneTimer();

  function setListening(next: boolean) {
    if (listening === next) return;
    listening = next;
    options.onListening(next);
  }

  /** Stops trusting this session and, unless stopped, opens another after a backoff. */
  function fail(session: pg.Client, reason: unknown) {
    if (session !== client) return; // an older session's late event
    client = null;
    setListening(false);
    void closeQuietly(session);
    if (stopped) return;
    failures++;
    const delay = Math.min(retryMaxMs, RETRY_FIRST_MS * 2 ** (failures - 1));
    log.warn("connection_cache.not_listening", { reason, retryInMs: delay });
    timer.schedule(() => void connect(), delay);
  }

  /** Probes through the other session; throws unless this is still the current session. */
  async function probe(session: pg.Client): Promise<void> {
    await probes.probe();
    if (session !== client) throw new Error("session replaced");
  }

  async function connect() {
    if (stopped) return;
    const session = newSession(options);
    client = session;
    watch(session, {
      current: () => session === client,
      onProbe: probes.heard,
      onChange: options.onChange,
      onFail: (reason) => fail(session, reason),
    });
    try {
      await listen(session);
      await probe(session);
    } catch (error) {
      fail(session, error);
      return;
    }
    if (session !== client) return;
    failures = 0;
    setListening(true);
    timer.schedule(() => void heartbeat(session), heartbeatMs);
  }

  async function heartbeat(session: pg.Client) {
    if (session !== client) return;
    try {
      await probe(session);
    } catch (error) {
      fail(session, error);
      return;
    }
    timer.schedule(() => void heartbeat(session), heartbeatMs);
  }

  void connect();

  return {
    get listening() {
      return listening;
    },
    async stop() {
      stopped = true;
      timer.clear();
      const session = client;
      client = null;
      setListening(false);
      if (session) await closeQuietly(session);
    },
  };
}

/** One pending timeout at a time: scheduling replaces what was scheduled. */
function oneTimer() {
  let timer: NodeJS.Timeout | undefined;
  return {
    schedule(fn: () => void, ms: number) {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
      timer.unref(); // never what keeps a script or a test process alive
    },
    clear() {
      clearTimeout(timer);
    },
  };
}

function newSession(options: ChangeListenerOptions): pg.Client {
  return new pg.Client({
    connectionString: options.databaseUrl,
    application_name: options.applicationName ?? "apportion-connection-cache",
    keepAlive: true,
  });
}

/** Routes a session's notifications (probes apart from changes) and its failures. A session that
 *  is no longer the current one is not listened to. */
function watch(
  session: pg.Client,
  on: {
    current: () => boolean;
    onProbe: (payload: string) => void;
    onChange: (payload: string) => void;
    onFail: (reason: unknown) => void;
  },
) {
  session.on("notification", (message) => {
    if (!on.current() || message.channel !== CHANGE_CHANNEL || message.payload === undefined) return;
    if (message.payload.startsWith(PROBE_PREFIX)) on.onProbe(message.payload);
    else on.onChange(message.payload);
  });
  session.on("error", (error) => on.onFail(error));
  session.on("end", () => on.onFail(new Error("listener session ended")));
}

/** Connects and LISTENs. The socket is unref'd: the listener never keeps a process alive. */
async function listen(session: pg.Client): Promise<void> {
  await session.connect();
  const socket: unknown = session.connection.stream;
  if (socket && typeof socket === "object" && "unref" in socket && typeof socket.unref === "function") {
    socket.unref();
  }
  await session.query(`LISTEN ${CHANGE_CHANNEL}`);
}

/** Ends a session that is no longer trusted; its late "end" must not count as another failure. */
async function closeQuietly(session: pg.Client): Promise<void> {
  session.removeAllListeners("end");
  session.on("error", () => {}); // a closing session may still report its socket's error
  await session.end().catch(() => {});
}

/** The probes in flight: `probe` NOTIFYs one through the other session and resolves once the
 *  listening session reports it `heard`. */
function probeBook(notify: (payload: string) => Promise<unknown>, probeTimeoutMs: number) {
  const waiting = new Map<string, () => void>();
  return {
    heard(payload: string) {
      waiting.get(payload)?.();
    },
    async probe(): Promise<void> {
      const payload = `${PROBE_PREFIX}${randomUUID()}`;
      let timeout: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve, reject) => {
        waiting.set(payload, resolve);
        timeout = setTimeout(() => reject(new Error(`probe not heard within ${probeTimeoutMs} ms`)), probeTimeoutMs);
        timeout.unref();
      });
      heard.catch(() => {}); // awaited below, unless the NOTIFY itself fails first
      try {
        await notify(payload);
        await heard;
      } finally {
        clearTimeout(timeout);
        waiting.delete(payload);
      }
    },
  };
}
