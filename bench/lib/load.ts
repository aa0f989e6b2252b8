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

export function loadFigures(result: Result): LoadFigures {
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
  return loadFigures(result);
}

export interface PairedFigures {
  /** The round whose ratio is the median: its row figures and its bound's. */
  figures: LoadFigures;
  bound: LoadFigures;
  /** row rps / bound rps of every round, in run order. */
  ratios: number[];
}

/** Rounds of a throughput row; BENCH_ROUNDS overrides (1 for a quick try). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * A throughput row against its bound, measured as ROUNDS back-to-back pairs (bound, then row) and
 * judged by the pair with the median ratio. On a shared machine whose load moves, a bound measured
 * once before its row meets different conditions than the row; each pair sees nearly the same
 * ones, and the median drops a pair that a burst of someone else's work hit.
 */
export async function measurePaired(bound: () => Promise<LoadFigures>, measure: () => Promise<LoadFigures>, rounds = ROUNDS): Promise<PairedFigures> {
  const pairs: { bound: LoadFigures; figures: LoadFigures; ratio: number }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const boundFigures = await bound();
    const figures = await measure();
    pairs.push({ bound: boundFigures, figures, ratio: boundFigures.rps > 0 ? figures.rps / boundFigures.rps : 0 });
  }
  const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]!;
  return { figures: median.figures, bound: median.bound, ratios: pairs.map((pair) => pair.ratio) };
}

/**
 * A throughput row against several bounds at once (e.g. the database bound and the bare Fastify
 * hello-world): each round measures every bound, then the row; each bound is judged by its own
 * median-ratio round, so one row's measurement serves all its ratios.
 */
export async function measurePairedMany<K extends string>(bounds: Record<K, () => Promise<LoadFigures>>, measure: () => Promise<LoadFigures>, rounds = ROUNDS): Promise<Record<K, PairedFigures>> {
  const keys = Object.keys(bounds) as K[];
  const runs: { bounds: Record<K, LoadFigures>; figures: LoadFigures }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const measured = {} as Record<K, LoadFigures>;
    for (const key of keys) measured[key] = await bounds[key]();
    runs.push({ bounds: measured, figures: await measure() });
  }
  const result = {} as Record<K, PairedFigures>;
  for (const key of keys) {
    const pairs = runs.map((run) => ({ bound: run.bounds[key], figures: run.figures, ratio: run.bounds[key].rps > 0 ? run.figures.rps / run.bounds[key].rps : 0 }));
    const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]!;
    result[key] = { figures: median.figures, bound: median.bound, ratios: pairs.map((pair) => pair.ratio) };
  }
  return result;
}
