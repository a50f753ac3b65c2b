import type { ApiError as ApiErrorBody } from '@tessera/contracts';

/** The part of a contracts zod schema this client calls (keeps zod's types out of our signatures). */
export interface ZodTypeLike<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * A failed call. `status` 0 means the request never got an answer (network failure, offline);
 * `code` is the API's UPPER_SNAKE error code when the answer carried one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  headers?: Record<string, string>;
  /** Validates the answer; a malformed answer is an error like any other. */
  schema?: ZodTypeLike<T>;
  signal?: AbortSignal;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, 'network error');
  }
  const text = await response.text().catch(() => '');
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) {
    const body = isApiErrorBody(json) ? json : null;
    throw new ApiError(response.status, body?.code ?? null, body?.message ?? `HTTP ${response.status}`);
  }
  if (!options.schema) return json as T;
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'INVALID_RESPONSE', 'the answer did not match its schema');
  return parsed.data;
}

/** The error body of contracts' apiErrorSchema, checked by hand to keep zod out of the first screen. */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ApiErrorBody).code === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}
