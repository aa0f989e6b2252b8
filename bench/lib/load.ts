import autocannon, { type Options, type Result } from 'autocannon';

export interface LoadFigures {
  /** Mean requests per second over the measured window. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/** Seconds of each measured window; BENCH_DURATION overrides (e.g. 3 for a quick try). */
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);

function figures(result: Result): LoadFigures {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * autocannon without pipelining (one request in flight per connection, like browsers and phones),
 * 50 connections unless told, after an unmeasured warm-up of the same requests. `fresh` builds the
 * options for each of the two runs, so per-run state (pools of employees) starts clean.
 */
export async function measureLoad(
  fresh: () => Partial<Options> & { url: string },
  options: { duration?: number; afterEach?: () => Promise<void> } = {},
): Promise<LoadFigures> {
  if (WARMUP_S > 0) {
    await autocannon({ connections: 50, pipelining: 1, ...fresh(), duration: WARMUP_S });
    await options.afterEach?.();
  }
  const result = await autocannon({ connections: 50, pipelining: 1, ...fresh(), duration: options.duration ?? DURATION_S });
  await options.afterEach?.();
  return figures(result);
}
