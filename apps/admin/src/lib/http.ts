import type { z } from 'zod';

/** An answer of the back office's API other than 2xx: its status and the `{code, message}` it carried. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole answer, for errors that carry more than `{code, message}` (INVALID_BRAND's `problems`). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

async function errorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const { code, message } = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; message?: unknown };
  return new ApiError(response.status, typeof code === 'string' ? code : 'HTTP_' + response.status, typeof message === 'string' ? message : response.statusText, body);
}

/**
 * One call of the API: JSON in and out, the answer checked against the contract's schema. The
 * session cookie is same-origin; the browser adds Origin to a POST or DELETE, which the server requires.
 */
export async function callApi<S extends z.ZodType>(path: string, schema: S, init?: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown }): Promise<z.infer<S>> {
  const method = init?.method ?? 'GET';
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: init?.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw await errorOf(response);
  return schema.parse(await response.json());
}

/** A POST whose answer the app does not read (sign-out). */
export async function postWithoutAnswer(path: string): Promise<void> {
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin' });
  if (!response.ok && response.status !== 401) throw await errorOf(response);
}

/**
 * Fetches a file the server offers as a download (`Content-Disposition: attachment; filename=…`)
 * in the format `accept` names, and hands it to the browser to save under that name. The session
 * cookie goes with it as with every call, which a plain link could not ask for in another format.
 */
export async function downloadFile(path: string, accept: string): Promise<void> {
  const response = await fetch(path, { method: 'GET', credentials: 'same-origin', headers: { accept } });
  if (!response.ok) throw await errorOf(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the blob once the click's download started; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
