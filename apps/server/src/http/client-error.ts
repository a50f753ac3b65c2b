import type { Socket } from 'node:net';
import type { ApiError } from '@tessera/contracts';

type Headers = ReadonlyArray<readonly [string, string | number | string[]]>;

const REFUSALS: Record<string, { status: number; reason: string; body: ApiError }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { code: 'HEADERS_TOO_LARGE', message: 'The request line and headers are too large.' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', body: { code: 'VALIDATION_ERROR', message: 'The request took too long to arrive.' } },
};
const MALFORMED = { status: 400, reason: 'Bad Request', body: { code: 'VALIDATION_ERROR', message: 'The request is not valid HTTP.' } };

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route or hook runs
 * (a 100 kB URL or header, a malformed request line, a request that never finishes arriving).
 * Fastify's default writes its own `{error, message, statusCode}` with no other header; this
 * answers `{code, message}` like every other refusal, with the same security headers and
 * `Cache-Control: no-store`, and closes the connection, whose state the parser no longer knows.
 * `headers` is read at the time of the error: the security headers are worked out after the
 * Fastify instance is made.
 */
export function clientErrorHandler(headers: () => Headers) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal = (error.code && REFUSALS[error.code]) || MALFORMED;
    const body = JSON.stringify(refusal.body);
    const lines = [
      `HTTP/1.1 ${refusal.status} ${refusal.reason}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'connection: close',
      ...headers().flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${String(v)}`)),
    ];
    if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy();
  };
}
