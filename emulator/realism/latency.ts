// Latency drawn from a log-normal distribution fitted to a median and a p99: the median fixes μ
// (ln median), the p99 fixes σ (ln(p99 / median) ÷ z₀.₉₉). Response times of remote services are
// skewed this way: most calls near the median, a long tail. Seeded (mulberry32), so a run can be
// repeated draw for draw.
import { mulberry32, seedState } from "../prng";

/** The standard normal quantile at 0.99. */
const Z_99 = 2.3263478740408408;

export class LatencyDraw {
  private state: number;
  private readonly mu: number;
  private readonly sigma: number;

  constructor(
    private readonly latency: { medianMs: number; p99Ms: number },
    seed: number,
  ) {
    this.state = seedState(seed);
    this.mu = Math.log(Math.max(latency.medianMs, 0.001));
    this.sigma = latency.medianMs > 0 ? Math.log(latency.p99Ms / latency.medianMs) / Z_99 : 0;
  }

  /** The next latency in whole milliseconds; at most ten times the p99 (no call hangs for ever). */
  next(): number {
    if (this.latency.medianMs === 0) return 0;
    // Box–Muller: two uniform draws make one standard normal.
    const u1 = Math.max(this.uniform(), Number.EPSILON);
    const u2 = this.uniform();
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    return Math.round(Math.min(Math.exp(this.mu + this.sigma * z), this.latency.p99Ms * 10));
  }

  private uniform(): number {
    const draw = mulberry32(this.state);
    this.state = draw.state;
    return draw.value;
  }
}
