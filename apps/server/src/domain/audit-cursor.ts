/** The audit listing's cursor: the (time, id) of the last event of a page, opaque to the caller. */
export interface AuditPosition {
  at: string;
  id: string;
}

export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this server made. */
export function decodeAuditCursor(cursor: string): AuditPosition | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') return undefined;
    return { at: value[0], id: value[1] };
  } catch {
    return undefined;
  }
}
