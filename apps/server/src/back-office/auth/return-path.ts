import { ADMIN_BASE_PATH } from '@tessera/contracts/admin';

/**
 * Where a sign-in returns to: a path of the back office on its own origin, or its start page. No
 * other origin, no protocol-relative `//host`, no backslash a browser would read as a slash, no
 * control characters: a sign-in link cannot send a staff member anywhere else.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return ADMIN_BASE_PATH;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!value.startsWith(ADMIN_BASE_PATH) || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return ADMIN_BASE_PATH;
  const url = new URL(value, 'http://back-office.invalid');
  if (url.origin !== 'http://back-office.invalid' || !url.pathname.startsWith(ADMIN_BASE_PATH) || url.pathname.includes('/../')) return ADMIN_BASE_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
