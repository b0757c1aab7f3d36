// The emulator's own processing span, read from its test view of imports: first import received
// → last import complete, with how much of it the service was busy (processing, from each
// import's started_at to its completed_at) and how much its queue stood empty waiting for the
// app. `startedAt` (Date.now() when the bench began) places both ends on the bench's timeline.
export type EmulatorSpan = {
  imports: number;
  /** ms from the bench's start to the first import's arrival, and to the last one's completion. */
  firstReceived: number;
  lastComplete: number;
  span: number;
  busy: number;
};

type ImportView = { created_at: string; started_at: string | null; completed_at: string | null };

export async function emulatorSpan(
  emulatorUrl: string,
  startedAt: number,
  organizationId = 1001,
): Promise<EmulatorSpan> {
  const answer = await fetch(`${emulatorUrl}/__emulator/organizations/${organizationId}/imports`);
  const { imports } = (await answer.json()) as { imports: ImportView[] };
  const at = (iso: string | null, fallback: string) => Date.parse(iso ?? fallback);
  const first = Math.min(...imports.map((i) => Date.parse(i.created_at)));
  const last = Math.max(...imports.map((i) => at(i.completed_at, i.created_at)));
  const busy = imports.reduce((n, i) => n + at(i.completed_at, i.created_at) - at(i.started_at, i.created_at), 0);
  return {
    imports: imports.length,
    firstReceived: first - startedAt,
    lastComplete: last - startedAt,
    span: last - first,
    busy,
  };
}

export function describeSpan(s: EmulatorSpan, total: number): string[] {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  return [
    `  emulator's own span (first import in → last complete): ${ms(s.span)} (busy ${ms(s.busy)}, idle ${ms(s.span - s.busy)}, ${s.imports} imports)`,
    `  timeline from the start: first import in at ${ms(s.firstReceived)}, last complete at ${ms(s.lastComplete)}, all recorded at ${ms(total)}`,
    `  ratio of total to the emulator's span: ${(total / s.span).toFixed(2)}×`,
  ];
}
