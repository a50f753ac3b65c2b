import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A weak validator from content: the same bytes give the same tag in every replica behind the
 * proxy (an mtime or inode would not). Weak because the answer may travel compressed, by brotli
 * or gzip, and each encoding's bytes differ while the content is the same.
 */
export function etagOf(content: string | Buffer): string {
  return `W/"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): `*` or any listed tag with or without W/. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Route onSend hook for answers that change only when their data does (a brand's theme, texts,
 * stylesheet): sets an ETag from the serialized answer and answers 304, without a body, when the
 * client's If-None-Match already names it. Route-level, so it runs on the body before compression
 * (@fastify/compress adds its own onSend after the route's).
 */
export async function contentEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const etag = etagOf(payload);
  reply.header('etag', etag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return '';
}
