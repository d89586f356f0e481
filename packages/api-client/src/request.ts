import type { ErrorBody } from './types';

/**
 * Raised for every non-OK answer, with the message '{status}: {response text or
 * status text}' (spec section 7). `body` is the parsed error contract when the
 * API sent one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's own message, for toasts. */
  get serverMessage(): string {
    return this.body?.message ?? this.message;
  }
}

export interface ApiClientOptions {
  /** Prefix for paths, e.g. 'http://localhost:3001' on a server; '' in a browser. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra headers for every request (e.g. a forwarded cookie during SSR). */
  headers?: Record<string, string>;
}

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as ErrorBody).message === 'string') {
      return parsed as ErrorBody;
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return undefined;
}

/** Throws an ApiError unless the response is OK. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, `${response.status}: ${text}`, parseErrorBody(text));
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  /** Any method with an optional JSON body (and headers of its own); every call includes credentials. */
  async function request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<Response> {
    const response = await doFetch(`${baseUrl}${path}`, {
      method,
      credentials: 'include',
      ...(signal ? { signal } : {}),
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        ...options.headers,
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    await throwIfNotOk(response);
    return response;
  }

  async function json<T>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<T> {
    const response = await request(method, path, body, headers, signal);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    request,
    /** `signal` aborts the request (issue 32: the API then cancels its database work). */
    get: <T>(path: string, { signal }: { signal?: AbortSignal } = {}) =>
      json<T>('GET', path, undefined, undefined, signal),
    post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
      json<T>('POST', path, body, headers),
    put: <T>(path: string, body?: unknown) => json<T>('PUT', path, body),
    patch: <T>(path: string, body?: unknown) => json<T>('PATCH', path, body),
    delete: <T>(path: string) => json<T>('DELETE', path),
    /**
     * POST of a file as the raw body (not JSON), typed by the file's own type:
     * the image upload of issue 23.
     */
    upload: async <T>(path: string, file: Blob): Promise<T> => {
      const response = await doFetch(`${baseUrl}${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': file.type || 'application/octet-stream',
          accept: 'application/json',
          ...options.headers,
        },
        body: file,
      });
      await throwIfNotOk(response);
      return (await response.json()) as T;
    },
    /**
     * GET that yields null on 401 instead of raising: the session query treats
     * 401 as 'no user' (spec section 6).
     */
    getOrNullOn401: async <T>(path: string): Promise<T | null> => {
      try {
        return await json<T>('GET', path);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
