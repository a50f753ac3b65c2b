import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { lookUp } from '../../support/balance';
import { callReplica, REHEARSAL_BRAND_ADMIN, REHEARSAL_DECIDER, REHEARSAL_STAFF, STAFF_SESSION_COOKIE, type StaffSessionHandOver } from '../back-office';
import { REHEARSAL_CARDS } from '../cards';

// The back office in the production stack (rehearsal.ts, docs/decisions/033): on its own host
// behind Caddy, its staff signing in at the sandbox staff provider running as its own process on
// its own host, with the grant the operator's CLI made. A sign-in without a second factor is
// refused; one with it gets a session cookie with production's flags; a block made through one
// replica is seen through the other and by the portal. The rehearsal then kills the replica that
// made the session and goes on with this browser's cookies (rehearsal.ts).

const admin = process.env.REHEARSAL_ADMIN_URL!;
const issuer = process.env.REHEARSAL_STAFF_ISSUER_URL!;
const replicaPorts = process.env.REHEARSAL_REPLICA_PORTS!.split(',').map(Number) as [number, number];
const handOverDir = process.env.REHEARSAL_STAFF_STATE!;
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** From the back office's sign-in page to the staff provider's page on its own origin, and the chosen button. */
async function signInAtProvider(page: Page, button: string) {
  await page.goto(`${admin}/admin/`);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${escaped(issuer)}/interaction/`));
  const callback = page.waitForResponse((r) => r.url().startsWith(`${admin}/admin/auth/callback?`));
  await page.getByRole('button', { name: button, exact: true }).click();
  return callback;
}

async function sessionCookieOf(context: BrowserContext, url: string) {
  return (await context.cookies(url)).find((c) => c.name === STAFF_SESSION_COOKIE);
}

// The longer test first: Playwright hands tests to its two workers in this order, beside the walk's.
test('BACK OFFICE: support signs in with a second factor at the staff provider on its own host; a block through one replica is seen through the other and by the portal', async ({ page, context }) => {
  const { email } = REHEARSAL_STAFF;

  // The session cookie as production sets it.
  const callback = await signInAtProvider(page, `Sign in as ${email} with a second factor`);
  expect(callback.status()).toBe(303);
  const setCookie = ((await callback.headerValue('set-cookie')) ?? '').split('\n').find((c) => c.startsWith(`${STAFF_SESSION_COOKIE}=`));
  expect(setCookie, 'the callback sets the session cookie').toBeTruthy();
  const attributes = setCookie!.split(';').slice(1).map((a) => a.trim().toLowerCase());
  expect(attributes).toEqual(expect.arrayContaining(['path=/', 'secure', 'httponly', 'samesite=strict']));
  expect(attributes.filter((a) => a.startsWith('domain=') || a.startsWith('max-age=') || a.startsWith('expires=')), 'host-only, ends with the browser').toEqual([]);
  const cookie = await sessionCookieOf(context, admin);
  expect(cookie).toMatchObject({ domain: new URL(admin).hostname, path: '/', secure: true, httpOnly: true, sameSite: 'Strict', expires: -1 });
  expect(await sessionCookieOf(context, process.env.REHEARSAL_PORTAL_URL!), 'the portal never gets the staff cookie').toBeUndefined();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The rehearsal card, found as support finds it, through Caddy.
  const card = REHEARSAL_CARDS.block;
  await page.getByRole('radiogroup', { name: 'Search by' }).getByText('Card number', { exact: true }).click();
  await page.getByLabel('Full card number', { exact: true }).fill(card.number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('grid', { name: 'Cards found' }).getByRole('link', { name: new RegExp(`${card.number.slice(-3)}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Card of DEMO' })).toBeVisible();
  const cardId = /\/admin\/cards\/([^/?#]+)/.exec(page.url())?.[1];
  expect(cardId).toBeTruthy();
  expect(page.url()).not.toContain(card.number.replace(/\s/g, '').slice(-7));

  // Blocked through replica A's port, seen through replica B's: nothing a replica keeps to itself.
  const [a, b] = replicaPorts;
  const blocked = await callReplica(a, admin, cookie!.value, 'POST', `/admin/api/cards/${cardId}/block`, { reason: 'lost' });
  expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
  expect(blocked.body).toMatchObject({ blocked: true, blockReason: 'lost' });
  const seen = await callReplica(b, admin, cookie!.value, 'GET', `/admin/api/cards/${cardId}`);
  expect(seen.status, JSON.stringify(seen.body)).toBe(200);
  expect(seen.body).toMatchObject({ blocked: true, blockReason: 'lost' });

  // The portal answers the blocked card as unknown.
  const portal = await context.newPage();
  await portal.goto('/demo/balance?lng=en');
  await lookUp(portal, card);
  await expect(portal.getByRole('alert').filter({ hasText: 'We could not find a card' })).toBeVisible();
  await portal.close();

  // For the kill: which replica made the session (by the callback's request id), and the cookies.
  const storageState = path.join(handOverDir, 'staff-storage.json');
  await context.storageState({ path: storageState });
  const handOver: StaffSessionHandOver = { callbackRequestId: (await callback.headerValue('x-request-id')) ?? '', cardId: cardId!, storageState };
  expect(handOver.callbackRequestId).not.toBe('');
  writeFileSync(path.join(handOverDir, 'staff-session.json'), JSON.stringify(handOver));
});

test('BACK OFFICE: an adjustment proposed through one replica is approved by a second person through the other, once, and the portal shows it', async ({ page, context }) => {
  const [a, b] = replicaPorts;
  const card = REHEARSAL_CARDS.adjust;
  /** A session of `email` through the staff provider, in this browser: its cookie's value. */
  const sessionOf = async (email: string) => {
    await context.clearCookies();
    expect((await signInAtProvider(page, `Sign in as ${email} with a second factor`)).status()).toBe(303);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    return (await sessionCookieOf(context, admin))!.value;
  };
  const proposer = await sessionOf(REHEARSAL_STAFF.email);
  const found = await callReplica(a, admin, proposer, 'POST', '/admin/api/cards/search', { number: card.number.replace(/\s/g, '') });
  const cardId = (found.body as { cards: { id: string }[] }).cards[0]?.id;
  expect(cardId, JSON.stringify(found.body)).toBeTruthy();

  const proposed = await callReplica(a, admin, proposer, 'POST', `/admin/api/cards/${cardId}/adjustments`, { amount: { value: 350, assetCode: 'EUR' }, reason: 'rehearsal goodwill' });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
  const { id } = proposed.body as { id: string };
  const own = await callReplica(b, admin, proposer, 'POST', `/admin/api/adjustments/${id}/approve`, {});
  expect([own.status, (own.body as { code: string }).code], 'support may not decide').toEqual([403, 'FORBIDDEN']);

  const decider = await sessionOf(REHEARSAL_DECIDER.email);
  const queue = await callReplica(b, admin, decider, 'GET', '/admin/api/adjustments?status=pending');
  expect((queue.body as { items: { id: string; proposedBy: string }[] }).items).toContainEqual(expect.objectContaining({ id, proposedBy: REHEARSAL_STAFF.email }));
  // Both replicas at once: one books it, the other finds it decided.
  const [first, second] = await Promise.all([b, a].map((port) => callReplica(port, admin, decider, 'POST', `/admin/api/adjustments/${id}/approve`, {})));
  const answers = [first!, second!].map((r) => (r.status === 200 ? JSON.stringify(r.body) : `${r.status} ${(r.body as { code: string }).code}`)).sort();
  expect(answers).toEqual(['409 ALREADY_DECIDED', JSON.stringify({ status: 'applied', balanceAfter: { value: 3000, assetCode: 'EUR' } })]);

  const portal = await context.newPage();
  await portal.goto('/demo/balance?lng=en');
  await lookUp(portal, card);
  await expect(portal.getByText('€ 30,00', { exact: true })).toBeVisible();
  await portal.close();
});

test("BACK OFFICE: the brand's own staff publish a text through one replica; the other replica's portal page shows it within 5 seconds", async ({ page }) => {
  const [a, b] = replicaPorts;
  expect((await signInAtProvider(page, `Sign in as ${REHEARSAL_BRAND_ADMIN.email} with a second factor`)).status()).toBe(303);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const session = (await sessionCookieOf(page.context(), admin))!.value;
  const code = REHEARSAL_BRAND_ADMIN.brand;

  // The draft as the settings page reads it, with a new heading for the Dutch balance page.
  const draft = await callReplica(a, admin, session, 'GET', `/admin/api/brands/${code}/draft`);
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);
  const file = (draft.body as { file: { translations: Record<string, Record<string, string>> } }).file;
  const title = `Saldo bekijken, gepubliceerd ${Date.now()}`;
  file.translations = { ...file.translations, nl: { ...file.translations.nl, balance__title: title } };
  const saved = await callReplica(a, admin, session, 'PUT', `/admin/api/brands/${code}/draft`, file);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const portalPage = () => callReplica(b, process.env.REHEARSAL_PORTAL_URL!, '', 'GET', '/acme/balance', undefined, 'text/html');
  expect(String((await portalPage()).body), 'a draft is not the brand').not.toContain(title);

  const published = await callReplica(a, admin, session, 'POST', `/admin/api/brands/${code}/publish`, {});
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  const publishedAt = Date.now();
  await expect.poll(async () => String((await portalPage()).body), { timeout: 5_000, intervals: [250] }).toContain(title);
  console.log(`published through replica A, served by replica B after ${Date.now() - publishedAt} ms`);
});

test('BACK OFFICE: a sign-in without a second factor ends on the page that says why, with no session', async ({ page, context }) => {
  const refused = await signInAtProvider(page, `Sign in without a second factor as ${REHEARSAL_STAFF.email}`);
  expect(refused.status()).toBe(403);
  await expect(page.getByText(/did not use a second factor/)).toBeVisible();
  expect(await sessionCookieOf(context, admin)).toBeUndefined();
  expect((await page.request.get(`${admin}/admin/api/me`)).status()).toBe(401);
});
