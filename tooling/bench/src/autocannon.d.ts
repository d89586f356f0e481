// The part of autocannon 8's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  export type RequestContext = Record<string, unknown>;

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (request: AutocannonRequest, context: RequestContext) => AutocannonRequest;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request without an answer counts as a timeout. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: AutocannonRequest[];
  }

  /** hdr-histogram-percentiles-obj: the statistics autocannon reports. */
  export interface Histogram {
    average: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface AutocannonResult {
    /** Requests per second, sampled each second. */
    requests: Histogram & { total: number };
    /** Milliseconds. */
    latency: Histogram;
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Seconds. */
    duration: number;
  }

  export interface AutocannonInstance {
    stop: () => void;
  }

  function autocannon(
    options: AutocannonOptions,
    callback: (error: Error | null, result: AutocannonResult) => void,
  ): AutocannonInstance;

  export default autocannon;
}
