import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffConfig } from '../config/index.js';
import { cookieValue } from '../http/cookie-value.js';

/**
 * The back office's cookies (docs/decisions/030). The session: HttpOnly, SameSite=Strict; in
 * production Secure with the __Host- prefix, which requires Path=/ and no Domain (the back office
 * has a host of its own there); elsewhere Path=/admin. It has no Max-Age: the server ends the
 * session, and a closed browser forgets it.
 *
 * The sign-in under way: SameSite=Lax, because the provider's redirect back to the callback is a
 * cross-site navigation that a Strict cookie would not accompany; 10 minutes; only on /admin/auth.
 */
type CookieSettings = Pick<StaffConfig, 'secureCookies'>;

export const sessionCookieName = (c: CookieSettings) => (c.secureCookies ? '__Host-tessera_staff' : 'tessera_staff');
const loginCookieName = (c: CookieSettings) => (c.secureCookies ? '__Secure-tessera_staff_login' : 'tessera_staff_login');
export const LOGIN_TTL_SECONDS = 600;

function cookie(name: string, value: string, attributes: string[]): string {
  return [`${name}=${value}`, ...attributes].join('; ');
}

function sessionAttributes(c: CookieSettings): string[] {
  return c.secureCookies ? ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict'] : ['Path=/admin', 'HttpOnly', 'SameSite=Strict'];
}

function loginAttributes(c: CookieSettings): string[] {
  return ['Path=/admin/auth', 'HttpOnly', ...(c.secureCookies ? ['Secure'] : []), 'SameSite=Lax'];
}

export const readSessionCookie = (c: CookieSettings, request: FastifyRequest) => cookieValue(request.headers.cookie, sessionCookieName(c));
export const readLoginCookie = (c: CookieSettings, request: FastifyRequest) => cookieValue(request.headers.cookie, loginCookieName(c));

export function setSessionCookie(c: CookieSettings, reply: FastifyReply, id: string): void {
  reply.header('set-cookie', cookie(sessionCookieName(c), id, sessionAttributes(c)));
}

export function clearSessionCookie(c: CookieSettings, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(sessionCookieName(c), '', [...sessionAttributes(c), 'Max-Age=0']));
}

export function setLoginCookie(c: CookieSettings, reply: FastifyReply, value: string): void {
  reply.header('set-cookie', cookie(loginCookieName(c), value, [...loginAttributes(c), `Max-Age=${LOGIN_TTL_SECONDS}`]));
}

export function clearLoginCookie(c: CookieSettings, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(loginCookieName(c), '', [...loginAttributes(c), 'Max-Age=0']));
}
