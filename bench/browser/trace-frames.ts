// Reads a Chromium performance trace (browser.startTracing with devtools.timeline) into one timing
// per input: Chromium's Event Timing records (the ones INP is built from, to the microsecond in a
// trace, where the page's PerformanceObserver rounds to 8 ms and drops anything under 16 ms).

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: EventTimingData };
};
type EventTimingData = {
  type: string;
  timeStamp: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
};

export type FrameTiming = {
  /** From the input's hardware time to the presentation of the frame after its handlers, ms. */
  total: number;
  /** Before the first handler ran (the main thread was busy). */
  inputDelay: number;
  /** Every handler the input dispatched (pointerup, mouseup, click; keydown, keypress, input…). */
  processing: number;
  /** From the last handler to the frame presented: rendering, and waiting for the frame. */
  presentation: number;
  /** The main thread's rendering steps between the last handler and the presentation. */
  style: number;
  layout: number;
  paint: number;
};

const STYLE = new Set(["UpdateLayoutTree", "RecalculateStyles"]);
const LAYOUT = new Set(["Layout"]);
const PAINT = new Set(["PrePaint", "Paint", "Layerize", "Commit", "UpdateLayer", "PaintImage"]);

/** One timing per input that dispatched an event of `type` ("click", "keydown"). The events of
 *  one input share its hardware time stamp; they are grouped by it. */
export function eventFrames(trace: Buffer, type: string): FrameTiming[] {
  const events = (JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  const begins = events.filter((e) => e.name === "EventTiming" && e.ph === "b" && e.args?.data);
  if (begins.length === 0) return [];
  const { pid, tid } = begins[0]!;
  // Event Timing's times are the page's milliseconds; the trace's are microseconds on another
  // origin. A record's begin event is stamped with the input's time, which gives the offset.
  const first = begins[0]!;
  const offset = first.ts - first.args!.data!.timeStamp * 1000;
  const groups = new Map<number, EventTimingData[]>();
  for (const event of begins) {
    const data = event.args!.data!;
    groups.set(data.timeStamp, [...(groups.get(data.timeStamp) ?? []), data]);
  }
  const slices = events.filter((e) => e.ph === "X" && e.pid === pid && e.tid === tid && e.dur !== undefined);
  const within = (names: Set<string>, from: number, to: number) =>
    slices
      .filter((s) => names.has(s.name) && s.ts >= offset + from * 1000 && s.ts < offset + to * 1000)
      .reduce((sum, s) => sum + s.dur! / 1000, 0);

  const timings: FrameTiming[] = [];
  for (const [timeStamp, records] of groups) {
    if (!records.some((r) => r.type === type)) continue;
    const processingStart = Math.min(...records.map((r) => r.processingStart));
    const processingEnd = Math.max(...records.map((r) => r.processingEnd));
    const presented = Math.max(...records.map((r) => r.timeStamp + r.duration));
    timings.push({
      total: presented - timeStamp,
      inputDelay: processingStart - timeStamp,
      processing: processingEnd - processingStart,
      presentation: presented - processingEnd,
      style: within(STYLE, processingEnd, presented),
      layout: within(LAYOUT, processingEnd, presented),
      paint: within(PAINT, processingEnd, presented),
    });
  }
  return timings;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
};

export function summarize(timings: FrameTiming[]) {
  const keys = ["total", "inputDelay", "processing", "presentation", "style", "layout", "paint"] as const;
  return Object.fromEntries(
    keys.map((key) => {
      const values = timings.map((t) => t[key]);
      return [key, { p50: percentile(values, 0.5), p95: percentile(values, 0.95) }];
    }),
  ) as Record<(typeof keys)[number], { p50: number; p95: number }>;
}
