// The part of autocannon 8's programmatic API the load test uses (the package ships no types).
declare module 'autocannon' {
  export type RequestContext = Record<string, unknown>;

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (request: AutocannonRequest, context: RequestContext) => AutocannonRequest;
    /** Called with each answer, and the context the request was set up with. */
    onResponse?: (status: number, body: string, context: RequestContext) => void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request without an answer counts as a timeout. */
    timeout?: number;
    requests?: AutocannonRequest[];
  }

  export interface AutocannonResult {
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    non2xx: number;
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
