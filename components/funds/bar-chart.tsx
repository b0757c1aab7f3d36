"use client";

// Horizontal bars, one per fund or campaign, largest first, drawn with visx (scales and shapes only:
// the layout is ours, so names are never cut off on a phone). Loaded by the funds page alone. The
// picture is one image to assistive technology; the table beside it, which it names, holds every
// figure and the links. A bar also opens the gifts behind it, for the mouse.
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useRouter } from "next/navigation";
import { formatCents } from "@/lib/splits/money";
import { useWidth } from "./use-width";

export type ChartBar = { label: string; cents: number; href: string | null };
/** Two figures per row, before (grey) above after: what Apportion moved. `cents` is after. */
export type ChartPair = ChartBar & { beforeCents: number };

type Props = {
  bars: ChartBar[] | ChartPair[];
  currency: string;
  /** The chart's name, read with the picture; says where the table is. */
  label: string;
};

/** Below this width the names go above their bars. */
const NARROW = 520;
const MAX_BARS = 12;

export function BarChart({ bars, currency, label }: Props) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const router = useRouter();
  const shown = topBars(bars);
  const narrow = width !== null && width < NARROW;
  const row = narrow ? 46 : 30;
  const height = shown.length * row + 4;
  const labelWidth = narrow ? 0 : Math.min(220, Math.round((width ?? 0) * 0.3));
  // Room right of the longest bar for its figure ("$12,345.67 → $12,345.67" for a pair).
  const amountWidth = shown.some((b) => "beforeCents" in b) ? 190 : 110;
  const barSpace = Math.max(10, (width ?? 0) - labelWidth - amountWidth);
  const max = Math.max(1, ...shown.map((b) => Math.max(b.cents, "beforeCents" in b ? b.beforeCents : 0)));
  const x = scaleLinear<number>({ domain: [0, max], range: [0, barSpace] });
  const y = scaleBand<number>({ domain: shown.map((_, i) => i), range: [0, shown.length * row], paddingInner: 0.25 });
  return (
    <div ref={ref} className="bar-chart" style={{ minHeight: height }}>
      {width !== null && (
        <svg width={width} height={height} role="img" aria-label={label}>
          {shown.map((b, i) => {
            const top = y(i) ?? 0;
            const barTop = narrow ? top + 18 : top;
            const barHeight = narrow ? y.bandwidth() - 18 : y.bandwidth();
            const open = b.href ? () => router.push(b.href ?? "/") : undefined;
            return (
              <Group
                key={`${b.label}-${i}`}
                top={barTop}
                left={labelWidth}
                className={open ? "bar-chart__link" : undefined}
              >
                <text
                  x={narrow ? 0 : -8}
                  y={narrow ? -5 : barHeight / 2}
                  dominantBaseline={narrow ? "auto" : "middle"}
                  textAnchor={narrow ? "start" : "end"}
                  className="bar-chart__name"
                  onClick={open}
                >
                  {narrow ? b.label : shorten(b.label, Math.floor(labelWidth / 7.5))}
                </text>
                <title>{`${b.label}: ${describe(b, currency)}`}</title>
                <BarShapes bar={b} height={barHeight} x={x} onClick={open} />
                <text
                  x={Math.max(1, x(Math.max(b.cents, "beforeCents" in b ? b.beforeCents : 0))) + 6}
                  y={barHeight / 2}
                  dominantBaseline="middle"
                  className="bar-chart__amount"
                >
                  {describe(b, currency)}
                </text>
              </Group>
            );
          })}
        </svg>
      )}
    </div>
  );
}

/**
 * One row's bar, or for a pair its before (grey, above) and after halves. Apart from BarChart so
 * that one reads as the layout of rows, names and figures.
 */
function BarShapes({
  bar,
  height,
  x,
  onClick,
}: {
  bar: ChartBar | ChartPair;
  height: number;
  x: (cents: number) => number;
  onClick: (() => void) | undefined;
}) {
  return "beforeCents" in bar ? (
    <>
      <Bar
        x={0}
        y={0}
        width={Math.max(1, x(bar.beforeCents))}
        height={height / 2 - 1}
        rx={2}
        className="bar-chart__before"
        onClick={onClick}
      />
      <Bar
        x={0}
        y={height / 2}
        width={Math.max(1, x(bar.cents))}
        height={height / 2}
        rx={2}
        className="bar-chart__bar"
        onClick={onClick}
      />
    </>
  ) : (
    <Bar
      x={0}
      y={0}
      width={Math.max(1, x(bar.cents))}
      height={height}
      rx={3}
      className="bar-chart__bar"
      onClick={onClick}
    />
  );
}

/** The largest bars, the rest summed into one ("8 others"): a chart of 60 slivers says nothing. */
function topBars(bars: ChartBar[] | ChartPair[]): (ChartBar | ChartPair)[] {
  if (bars.length <= MAX_BARS) return bars;
  const rest: (ChartBar | ChartPair)[] = bars.slice(MAX_BARS - 1);
  const cents = rest.reduce((n, b) => n + b.cents, 0);
  const other: ChartBar = { label: `${rest.length} others`, cents, href: null };
  if (rest.every((b) => "beforeCents" in b)) {
    const beforeCents = rest.reduce((n: number, b) => n + ("beforeCents" in b ? b.beforeCents : 0), 0);
    return [...bars.slice(0, MAX_BARS - 1), { ...other, beforeCents }];
  }
  return [...bars.slice(0, MAX_BARS - 1), other];
}

function describe(b: ChartBar | ChartPair, currency: string): string {
  const after = formatCents(b.cents, currency);
  return "beforeCents" in b ? `${formatCents(b.beforeCents, currency)} → ${after}` : after;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}
