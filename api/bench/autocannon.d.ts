// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Replaces each `[<id>]` in the body with a new id per request. */
    idReplacement?: boolean;
    /** Requests in turn; setupRequest may change each one before it is sent. */
    requests?: {
      setupRequest?: (req: { headers: Record<string, string>; body?: string }) => {
        headers: Record<string, string>;
        body?: string;
      };
    }[];
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
