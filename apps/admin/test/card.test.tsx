import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, BRAND_ADMIN_DEMO, SUPPORT_ACME, SUPPORT_DEMO, demoCard, fakeAdminApi } from './fakeAdminApi';
import { expectNoAxeViolations, findPageHeading, renderAdmin, openPage, openDialog } from './renderAdmin';

const CARD_PATH = '/admin/cards/card_demo_0101';
const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the card page', () => {
  it('shows the card masked with its state, balance, expiry and guessing counters, times in Amsterdam', async () => {
    renderAdmin(CARD_PATH, fakeAdminApi({ cards: [demoCard({ guessing: { failedAttempts: 3, coolingDownUntil: '2026-11-28T12:30:00Z', locked: false } })] }));
    await findPageHeading(/Card of DEMO/);
    expect(definition('Card number')).toBe('•••• •••• •••• 0101');
    expect(definition('State')).toBe('Active');
    expect(definition('Balance')).toBe('€25.00');
    expect(definition('Blocked')).toBe('No');
    expect(definition('Failed attempts')).toBe('3');
    // 12:30 UTC is 13:30 in Amsterdam in November. The expiry is a date: no time of its own (read
    // as an instant, 2028-06-30 would show as 02:00 in Amsterdam).
    expect(definition('Cooling down until')).toContain('13:30');
    expect(definition('Expires')).toBe('30 Jun 2028, valid through that whole day');
    await expectNoAxeViolations();
  });

  it('shows the timeline newest first, with amounts and who, and loads the next page on "Load more"', async () => {
    const { api, user } = await openPage(CARD_PATH, /Card of DEMO/);
    const timeline = screen.getByRole('heading', { name: 'Timeline' }).closest('section')!;
    let entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/20 Nov 2026.*Redemption.*-€4\.50.*by API key Kassa Utrecht/),
      expect.stringMatching(/19 Nov 2026.*Payout of €12\.50 \(fee €1\.50\) to the IBAN ending in 4300 \(pending\).*by the cardholder/),
      expect.stringMatching(/19 Nov 2026.*Registered to a bank-verified identity.*by the cardholder/),
      expect.stringMatching(/18 Nov 2026.*card\.frozen \(frozen\).*by the system/),
    ]);
    await user.click(within(timeline).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(6));
    entries = within(timeline).getAllByRole('listitem');
    // An instant in a param reads in Amsterdam time (07:00 UTC is 08:00 in November), a reason in words.
    expect(entries[4]!.textContent).toMatch(/Card unblocked; it was blocked since 1 Nov 2026, 08:00 \(lost\)by the operator$/);
    expect(entries[5]!.textContent).toMatch(/Loaded.*€30\.00.*by API key shop/);
    expect(api.callsTo('GET', '/admin/api/cards/card_demo_0101/timeline')[0]!.query.get('cursor')).toBe('page-2');
    expect(within(timeline).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(within(timeline).getByRole('status').textContent).toBe('6 entries shown');
  });

  it('blocks a card through its confirmation dialog by keyboard alone, says what will happen, notifies and fetches the card again', async () => {
    const { api, user } = await openPage(CARD_PATH, /Card of DEMO/);
    const trigger = screen.getByRole('button', { name: 'Block card' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Block this card?' });
    expect(dialog.textContent).toContain('Block card •••• •••• •••• 0101 of DEMO as lost? Every self-service flow will then answer this card as unknown.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    // Escape closes it, changes nothing and gives focus back to the button.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(api.callsTo('POST', '/admin/api/cards/card_demo_0101/block')).toHaveLength(0);

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Block this card?' });
    const confirm = within(again).getByRole('button', { name: 'Block card' });
    // Tab through the dialog (reason, note, cancel) to the action; focus never leaves the dialog.
    for (let i = 0; i < 6 && document.activeElement !== confirm; i++) {
      await user.tab();
      expect(again.contains(document.activeElement)).toBe(true);
    }
    expect(document.activeElement).toBe(confirm);
    await user.keyboard('{Enter}');

    const notice = await screen.findByText('Card •••• •••• •••• 0101 of DEMO is blocked.');
    expect(notice.closest('[role="alertdialog"], [role="alert"], [aria-live]')).not.toBeNull();
    expect(api.callsTo('POST', '/admin/api/cards/card_demo_0101/block')[0]!.body).toEqual({ reason: 'lost' });
    await waitFor(() => expect(definition('Blocked')).toMatch(/^Yes: lost, since/));
    expect(api.callsTo('GET', '/admin/api/cards/card_demo_0101').length).toBe(2);
    expect(screen.queryByRole('button', { name: 'Block card' })).toBeNull();
    screen.getByRole('button', { name: 'Unblock card' });
  });

  it('shows the server’s refusal inside the dialog, announced, and keeps the dialog open', async () => {
    const { api, user } = await openPage(CARD_PATH, /Card of DEMO/);
    api.refuseNext('POST /admin/api/cards/card_demo_0101/unlock', 403, { code: 'FORBIDDEN', message: 'not allowed' });
    const dialog = await openDialog(user, 'Unlock guessing', 'Unlock guessing for this card?');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock guessing' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your role does not allow this.');
    await expectNoAxeViolations();
  });

  it('adds a note of 1-2000 characters, refusing an empty one in the form', async () => {
    const { api, user } = await openPage(CARD_PATH, /Card of DEMO/);
    const dialog = await openDialog(user, 'Add note', 'Add a note');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByRole('textbox', { name: 'Note' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/admin/api/cards/card_demo_0101/notes')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Holder called about a refund');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await screen.findByText('The note is on the timeline of card •••• •••• •••• 0101 of DEMO.');
    expect(api.callsTo('POST', '/admin/api/cards/card_demo_0101/notes')[0]!.body).toEqual({ text: 'Holder called about a refund' });
  });

  it('offers unlock only with guessing to unlock, and resend only when a replacement e-mail was sent', async () => {
    renderAdmin(CARD_PATH, fakeAdminApi({ cards: [demoCard({ guessing: { failedAttempts: 0, coolingDownUntil: null, locked: false }, replacementSent: false })] }));
    await findPageHeading(/Card of DEMO/);
    screen.getByRole('button', { name: 'Block card' });
    expect(screen.queryByRole('button', { name: 'Unlock guessing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend replacement e-mail' })).toBeNull();
  });

  it('gives support of the card’s brand and an admin every action', async () => {
    for (const me of [SUPPORT_DEMO, ADMIN]) {
      const view = renderAdmin(CARD_PATH, fakeAdminApi({ me }));
      await findPageHeading(/Card of DEMO/);
      for (const name of ['Block card', 'Unlock guessing', 'Resend replacement e-mail', 'Add note']) screen.getByRole('button', { name });
      view.unmount();
    }
  });

  it('leaves the actions out, not disabled, for a brand admin', async () => {
    renderAdmin(CARD_PATH, fakeAdminApi({ me: BRAND_ADMIN_DEMO }));
    await findPageHeading(/Card of DEMO/);
    expect(screen.queryByRole('heading', { name: 'Actions' })).toBeNull();
    expect(screen.queryAllByRole('button').map((button) => button.textContent)).not.toEqual(expect.arrayContaining(['Block card']));
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('leaves the actions out for support of another brand, who sees a card of that brand only', async () => {
    const acmeSupportSeesDemo = fakeAdminApi({ me: { ...SUPPORT_ACME, grants: [...SUPPORT_ACME.grants, { role: 'finance', brand: 'DEMO' }] } });
    renderAdmin(CARD_PATH, acmeSupportSeesDemo);
    await findPageHeading(/Card of DEMO/);
    expect(screen.queryByRole('button', { name: 'Block card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('answers a card outside the person’s brands as not found', async () => {
    renderAdmin(CARD_PATH, fakeAdminApi({ me: SUPPORT_ACME }));
    await findPageHeading('Card not found');
    await expectNoAxeViolations();
  });
});
