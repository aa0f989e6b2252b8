// The slice of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  /** One connection of a run (autocannon's `Client`). */
  export interface Client {
    setHeaders(headers: Record<string, string>): void;
    setRequests(requests: Request[]): void;
  }
  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    overallRate?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    /** Called with each connection before its first request. */
    setupClient?: (client: Client) => void;
  }
  export interface Histogram {
    average: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Seconds the run took. */
    duration: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
