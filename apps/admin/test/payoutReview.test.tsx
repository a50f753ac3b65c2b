import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { describe, expect, it } from 'vitest';
import { adminMeSchema, heldPayoutListSchema, rejectPayoutRequestSchema, releasePayoutRequestSchema, type HeldPayout } from '@tessera/contracts/admin';
import { fakeAdminApi, SUPPORT_DEMO } from './fakeAdminApi';
import { expectNoAxeViolations, expectNoPageFor, findPageHeading, renderAdmin, openDialog } from './renderAdmin';

const FINANCE = adminMeSchema.parse({ email: 'finance@demo.test', grants: [{ role: 'finance', brand: 'DEMO' }] });

const HELD: HeldPayout[] = heldPayoutListSchema.parse({
  items: [
    {
      id: 'payout-1',
      cardId: 'card_demo_0101',
      masked: 'XXXXXXXXXXXXXXXX101',
      brand: 'DEMO',
      amount: { value: 4000, assetCode: 'EUR' },
      fee: { value: 250, assetCode: 'EUR' },
      ibanHint: 'NL20INGB******4567',
      createdAt: '2026-11-28T09:00:00Z',
      status: 'held',
      rules: ['iban_shared', 'guessing_cooldown'],
      related: { sameIban: [{ id: 'card_demo_0202', brand: 'DEMO', masked: 'XXXXXXXXXXXXXXXX202' }], sameIdentity: [], elsewhere: 2 },
    },
  ],
}).items;

/**
 * The fake API of the other pages with the payout review's calls on top: the held list, and
 * release and reject, each body checked against the contract and recorded.
 */
function payoutReviewApi(me = FINANCE) {
  const base = fakeAdminApi({ me });
  let held = [...HELD];
  const decisions: { path: string; body: unknown }[] = [];
  let refuseNext: string | null = null;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (url.pathname === '/admin/api/payouts' && method === 'GET') {
      expect(url.searchParams.get('status')).toBe('held');
      return json(200, heldPayoutListSchema.parse({ items: held }));
    }
    const decision = /^\/admin\/api\/payouts\/([^/]+)\/(release|reject)$/.exec(url.pathname);
    if (decision && method === 'POST') {
      decisions.push({ path: url.pathname, body });
      if (refuseNext) {
        refuseNext = null;
        held = [];
        return json(409, { code: 'ALREADY_DECIDED', message: 'decided' });
      }
      if (decision[2] === 'release') releasePayoutRequestSchema.parse(body);
      else rejectPayoutRequestSchema.parse(body);
      held = held.filter((p) => p.id !== decision[1]);
      return json(200, { status: decision[2] === 'release' ? 'pending' : 'rejected' });
    }
    return base.fetch(input, init);
  });
  return { ...base, fetch, decisions, refuseNextDecision: () => (refuseNext = 'ALREADY_DECIDED') };
}

async function open(api: ReturnType<typeof payoutReviewApi>, language: 'en' | 'nl' = 'en') {
  const user = userEvent.setup();
  renderAdmin('/admin/payouts/held', api, { language });
  await findPageHeading(language === 'en' ? 'Payouts held for review' : 'Uitbetalingen ter beoordeling');
  return user;
}

describe('payouts held for review', () => {
  it('lists each held payout with its rules, its card and the cards like it one click away; axe finds nothing', async () => {
    const api = payoutReviewApi();
    await open(api);
    const item = await screen.findByRole('region', { name: '€40.00 to NL20INGB******4567' });
    expect(within(item).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'This IBAN received payouts from as many other cards as the brand allows in its period, or more',
      'The card had a guessing cool-down shortly before',
      'Card XXXX XXXX XXXX XXXX 202 of DEMO',
    ]);
    expect(within(item).getByRole('link', { name: 'Card XXXX XXXX XXXX XXXX 101 and its timeline' }).getAttribute('href')).toBe('/admin/cards/card_demo_0101');
    expect(within(item).getByRole('link', { name: 'Card XXXX XXXX XXXX XXXX 202 of DEMO' }).getAttribute('href')).toBe('/admin/cards/card_demo_0202');
    expect(within(item).getByText('2 more cards of brands outside yours')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('in Dutch, too, axe finds nothing', async () => {
    await open(payoutReviewApi(), 'nl');
    await screen.findByRole('region', { name: /naar NL20INGB\*{6}4567/ });
    expect(screen.getByRole('button', { name: /^Geef de uitbetaling van €\s?40,00 naar NL20INGB\*{6}4567 vrij$/ })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('releases a payout by keyboard alone: the dialog says what happens, the note goes with it, focus lands on the heading', async () => {
    const api = payoutReviewApi();
    const user = await open(api);
    const release = await screen.findByRole('button', { name: 'Release the payout of €40.00 to NL20INGB******4567' });
    release.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Release this payout?' });
    expect(dialog.textContent).toContain('Release €40.00 to NL20INGB******4567 from card XXXX XXXX XXXX XXXX 101 of DEMO? It goes into the next payout file.');
    // The dialog takes focus (its title is read), and Tab goes on to its fields and buttons.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Note (optional)' }));
    await user.keyboard('Called the cardholder');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Release payout' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.decisions).toEqual([{ path: '/admin/api/payouts/payout-1/release', body: { note: 'Called the cardholder' } }]));
    await screen.findByText('No payouts are held for review.');
    expect(await screen.findByText('The payout of €40.00 to NL20INGB******4567 was released.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('rejects as fraud: the consequence names the block, a reason is required, the body carries fraud', async () => {
    const api = payoutReviewApi();
    const user = await open(api);
    const dialog = await openDialog(user, 'Reject the payout of €40.00 to NL20INGB******4567', 'Reject this payout?');
    expect(dialog.textContent).toContain('The amount and the fee of €2.50 go back on card XXXX XXXX XXXX XXXX 101 of DEMO.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(await within(dialog).findByText('Give a reason, of at most 2000 characters.')).toBeTruthy();
    expect(api.decisions).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Stolen cards');
    within(dialog).getByRole('checkbox', { name: /^Fraud/ }).focus();
    await user.keyboard(' ');
    expect(dialog.textContent).toContain('the card is blocked, and NL20INGB******4567 goes on the brand\'s block list');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    await waitFor(() => expect(api.decisions).toEqual([{ path: '/admin/api/payouts/payout-1/reject', body: { reason: 'Stolen cards', fraud: true } }]));
    expect(await screen.findByText('The payout of €40.00 to NL20INGB******4567 was rejected; the money is back on the card.')).toBeTruthy();
  });

  it('says so when someone decided the payout meanwhile, and shows the list as it is now', async () => {
    const api = payoutReviewApi();
    const user = await open(api);
    api.refuseNextDecision();
    const dialog = await openDialog(user, 'Release the payout of €40.00 to NL20INGB******4567', 'Release this payout?');
    await user.click(within(dialog).getByRole('button', { name: 'Release payout' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Someone decided this payout already; the list now shows how things stand.');
    expect(await screen.findByText('No payouts are held for review.')).toBeTruthy();
  });

  it('is not there for support: no navigation entry, and the path is not found', () =>
    expectNoPageFor(SUPPORT_DEMO, '/admin/payouts/held', 'Held payouts', '/admin/api/payouts'));
});
