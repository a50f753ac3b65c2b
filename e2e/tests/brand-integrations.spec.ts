import { Webhook } from 'standardwebhooks';
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectAccessible, cards } from '../support/fixtures';
import { keyboardTo, tabTo } from '../support/keyboard';
import { callApi, cardIdOf, signIn } from '../support/back-office';
import { switchOffEndpoint, WebhookReceiver } from '../support/webhook-receiver';
import { baseURL } from '../playwright.config';

// A brand's API keys and webhooks in the back office (docs/back-office.md; decision 047): the
// brand-admin of DEMO makes a key and a webhook endpoint by keyboard alone, sees each secret once,
// the key works against /api/v1 until revoked, the endpoint receives a test event that the
// `standardwebhooks` library verifies with the secret shown, a failed delivery retried from the
// page arrives, a switched-off endpoint is marked and switched on; axe on the page in en and nl.

const PAGE = '/admin/integrations';

/**
 * axe, once React Aria's live announcer has finished: an announcement names itself by an element
 * that goes when the dialog behind it closes (as tests/after-all/payout-batches.spec.ts waits).
 */
async function accessible(page: Page): Promise<void> {
  await expect(page.locator('[data-live-announcer] [role="img"]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

/** Presses a control by keyboard (in `within`, a dialog, when given): Tab to it, then Enter. */
async function press(page: Page, name: string | RegExp, within: Page | Locator = page): Promise<void> {
  const control = within.getByRole('button', { name, exact: typeof name === 'string' });
  await tabTo(page, control, 120);
  await page.keyboard.press('Enter');
}

test.describe('a brand’s API keys and webhooks', () => {
  const receiver = new WebhookReceiver();
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook wants from this pattern
  test.beforeEach(async ({}, testInfo) => receiver.start(`/hooks/${testInfo.project.name}`));
  test.afterEach(() => receiver.stop());

  test('brand@demo.test: a key shown once works until revoked; a webhook endpoint gets a verified test event and a retried delivery; by keyboard, axe clean (en)', async ({ page, context }, testInfo) => {
    // A long walk with two waits for the worker's retries: on a loaded 2-core machine the phone run took close to a minute.
    test.setTimeout(150_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'brand@demo.test');
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys and webhooks' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'API keys and webhooks' })).toBeVisible();
    await expect(page.getByText('Brand: Tessera Demo (DEMO)')).toBeVisible();
    await accessible(page);

    // A key: name and a scope by keyboard, then the key once.
    const name = `till ${testInfo.project.name} ${Date.now()}`;
    await press(page, 'Create API key');
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await tabTo(page, dialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(name);
    await tabTo(page, dialog.getByRole('checkbox', { name: 'cards:read' }));
    await page.keyboard.press('Space');
    await accessible(page);
    await press(page, 'Create key', dialog);
    await expect(dialog.getByText('You will not see it again', { exact: false })).toBeVisible();
    const key = await dialog.getByRole('textbox', { name: 'The new API key' }).inputValue();
    expect(key).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    await press(page, 'Copy', dialog);
    await expect(dialog.getByRole('status').filter({ hasText: 'Copied to the clipboard.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await accessible(page);
    await press(page, 'Done, I have stored it', dialog);
    await expect(dialog).toHaveCount(0);
    const keys = page.getByRole('grid', { name: 'API keys' });
    await expect(keys.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    expect(await page.content()).not.toContain(key);

    const cardId = await cardIdOf(page, cards.GIFT_BALANCE.number);
    const v1 = () => page.request.get(`/api/v1/cards/${cardId}`, { headers: { authorization: `Bearer ${key}` } });
    expect((await v1()).status()).toBe(200);

    const keyRow = keys.getByRole('row', { name: new RegExp(name) });
    await keyboardTo(page, keys, keyRow, keyRow.getByRole('button', { name: `Revoke the key ${name}` }));
    await page.keyboard.press('Enter');
    await press(page, 'Revoke key', page.getByRole('dialog'));
    await expect(page.getByText(`The key "${name}" was revoked.`)).toBeVisible();
    await expect(keyRow.getByText(/^Revoked /)).toBeVisible();
    expect((await v1()).status()).toBe(401);

    // A webhook endpoint: URL by keyboard, every event, the signing secret once.
    await press(page, 'Add webhook');
    const add = page.getByRole('dialog', { name: 'Add webhook' });
    await tabTo(page, add.getByRole('textbox', { name: 'URL' }));
    await page.keyboard.type(receiver.url);
    await press(page, 'Add webhook', add);
    await expect(add.getByText('You will not see it again', { exact: false })).toBeVisible();
    const secret = await add.getByRole('textbox', { name: 'The signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await press(page, 'Done, I have stored it', add);
    await expect(add).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // A test event, verified with the secret shown.
    await press(page, `Send a test event to ${receiver.url}`);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const event = new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>) as { type: string; data: { brand: string } };
    expect(event).toMatchObject({ type: 'webhook.test', data: { brand: 'DEMO' } });
    const deliveries = page.getByRole('grid', { name: `Deliveries to ${receiver.url}` });
    // A row is named by its row header (the event): its other cells are read as text.
    await expect(deliveries.getByRole('row').filter({ hasText: 'webhook.test' }).filter({ hasText: 'Delivered' }).filter({ hasText: '200' })).toHaveCount(1, { timeout: 10_000 });
    await accessible(page);

    // A failed delivery: 500 twice (the event's next try is then 5 minutes away), Retry from the page, and it arrives.
    receiver.failing = true;
    await press(page, `Send a test event to ${receiver.url}`);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
    receiver.failing = false;
    const failed = deliveries.getByRole('row').filter({ hasText: 'Waiting' }).filter({ hasText: '500' });
    await expect(failed).toBeVisible({ timeout: 10_000 });
    await keyboardTo(page, deliveries, failed, failed.getByRole('button', { name: /^Retry webhook\.test of / }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('The webhook.test event is sent again now.')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(4);
    expect(receiver.received[3]!.answered).toBe(200);
    expect(receiver.received[3]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);
    await expect(deliveries.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(2, { timeout: 10_000 });

    // Switched off after days of failures: marked with since and why, and switched on from the page.
    expect(switchOffEndpoint(receiver.url)).toBe(1);
    await page.reload();
    await expect(page.getByText(/^Switched off .*every attempt failed since/)).toBeVisible();
    await accessible(page);
    await press(page, `Switch on ${receiver.url}`);
    await expect(page.getByText(`${receiver.url} is switched on; 0 missed events are sent again.`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Send a test event to ${receiver.url}` })).toBeVisible();

    // Removed, with a confirmation.
    await press(page, `Remove ${receiver.url}`);
    await press(page, 'Remove address', page.getByRole('dialog'));
    await expect(page.getByText(`${receiver.url} was removed.`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Send a test event to ${receiver.url}` })).toHaveCount(0);
  });

});

test.describe('the page in Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('the page in Dutch, axe clean with its dialogs; ACME is not found for the brand-admin of DEMO; support neither sees nor may call it', async ({ page, browser }) => {
    await signIn(page, 'brand@demo.test', 'nl', PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'API-sleutels en webhooks' })).toBeVisible();
    await accessible(page);
    await press(page, 'Webhook toevoegen');
    const add = page.getByRole('dialog', { name: 'Webhook toevoegen' });
    await tabTo(page, add.getByRole('textbox', { name: 'URL' }));
    await page.keyboard.type('ftp://example.com/hooks');
    await press(page, 'Webhook toevoegen', add);
    await expect(add.getByRole('alert')).toContainText('Deze URL kan geen webhooks ontvangen');
    await accessible(page);
    await page.keyboard.press('Escape');
    await expect(add).toHaveCount(0);

    const acme = await callApi(page, 'GET', '/admin/api/brands/ACME/api-keys');
    expect([acme.status(), (await acme.json()).code]).toEqual([404, 'NOT_FOUND']);

    const context = await browser.newContext({ baseURL, locale: 'en-GB' });
    try {
      const support = await context.newPage();
      await signIn(support, 'support@demo.test');
      await expect(support.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys and webhooks' })).toHaveCount(0);
      const refused = await callApi(support, 'POST', '/admin/api/brands/DEMO/api-keys', { name: 'x', scopes: ['cards:read'] });
      expect([refused.status(), (await refused.json()).code]).toEqual([403, 'FORBIDDEN']);
    } finally {
      await context.close();
    }
  });
});
