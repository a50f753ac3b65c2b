import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { minorUnitsOf } from '../src/features/card/CardAdjustments';
import { BRAND_ADMIN_DEMO, FINANCE_DEMO, SUPPORT_DEMO, fakeAdminApi, pendingAdjustment } from './fakeAdminApi';
import { expectNoAxeViolations, expectNoPageFor, findPageHeading, openPage, renderAdmin, openDialog } from './renderAdmin';

const CARD_PATH = '/admin/cards/card_demo_0101';
const section = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest<HTMLElement>('.panel')!;

describe('proposing an adjustment on the card page', () => {
  it('reads a typed amount in whole units with a comma or a point', () => {
    expect(['5', '5,00', '5.5', '0,01', '1234567,89'].map(minorUnitsOf)).toEqual([500, 500, 550, 1, 123456789]);
    expect(['', '5,001', '-5', '5 00', '1.000,00', 'x'].map(minorUnitsOf)).toEqual([null, null, null, null, null, null]);
  });

  it('support proposes +5,00 by keyboard: the request is signed minor units, nothing else changes, and the card lists it as waiting', async () => {
    const { api, user } = await openPage(CARD_PATH, /Card of DEMO/, fakeAdminApi({ me: SUPPORT_DEMO }));
    const panel = section('Balance adjustments');
    expect(await within(panel).findByText('No adjustment was proposed for this card.')).toBeTruthy();
    const trigger = within(panel).getByRole('button', { name: 'Propose adjustment' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Propose a balance adjustment' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    // An amount that is not one is refused in the form, announced, and nothing is sent.
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount in EUR' }), '5,001');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'goodwill, ticket 77');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(within(dialog).getByRole('textbox', { name: 'Amount in EUR' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/admin/api/cards/card_demo_0101/adjustments')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount in EUR' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount in EUR' }), '5,00');
    expect(dialog.textContent).toContain('Propose €5.00 on card •••• •••• •••• 0101 of DEMO? Nothing is booked until a second person');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/admin/api/cards/card_demo_0101/adjustments').map((c) => c.body)).toEqual([{ amount: { value: 500, assetCode: 'EUR' }, reason: 'goodwill, ticket 77' }]);
    expect(await screen.findByText(/The adjustment of €5\.00 on card .* waits for a second person's approval/)).toBeTruthy();
    const row = await within(panel).findByRole('row', { name: /€5\.00/ });
    expect(row.textContent).toMatch(/goodwill, ticket 77.*support@demo\.test.*Waiting/);
  });

  it('takes off with "Take off the balance"', async () => {
    const { api, user } = await openPage(CARD_PATH, /Card of DEMO/, fakeAdminApi({ me: SUPPORT_DEMO }));
    await user.click(within(section('Balance adjustments')).getByRole('button', { name: 'Propose adjustment' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Change/ }));
    await user.click(await screen.findByRole('option', { name: 'Take off the balance' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount in EUR' }), '2.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'till double-charged');
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'T-78');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/api/cards/card_demo_0101/adjustments')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/api/cards/card_demo_0101/adjustments')[0]!.body).toEqual({ amount: { value: -250, assetCode: 'EUR' }, reason: 'till double-charged', reference: 'T-78' });
  });

  it("brand-admin sees the card's adjustments but may not propose", async () => {
    await openPage(CARD_PATH, /Card of DEMO/, fakeAdminApi({ me: BRAND_ADMIN_DEMO, adjustments: [pendingAdjustment()] }));
    const panel = section('Balance adjustments');
    expect((await within(panel).findByRole('row', { name: /€5\.00/ })).textContent).toContain('support@demo.test');
    expect(within(panel).queryByRole('button', { name: 'Propose adjustment' })).toBeNull();
  });
});

describe('the adjustments page', () => {
  it('finance approves one by keyboard alone: Tab to Approve, Enter, Tab to confirm, Enter; it moves to decided with who and when', async () => {
    const api = fakeAdminApi({ me: FINANCE_DEMO, adjustments: [pendingAdjustment()] });
    const user = userEvent.setup();
    renderAdmin('/admin/adjustments', api);
    await findPageHeading('Balance adjustments');
    const approve = await screen.findByRole('button', { name: 'Approve €5.00 on card •••• •••• •••• 0101 of DEMO' });
    await expectNoAxeViolations();
    // From the card's link in the same row, the next Tab is the approve button.
    within(approve.closest('tr')!).getByRole('link').focus();
    await user.tab();
    expect(document.activeElement).toBe(approve);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Approve this adjustment?' });
    expect(dialog.textContent).toContain('Book €5.00 on card •••• •••• •••• 0101 of DEMO, proposed by support@demo.test because: till double-charged?');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    while (document.activeElement?.textContent !== 'Approve and book') await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/admin/api/adjustments/adj-1/approve')).toHaveLength(1);
    expect(await screen.findByText('€5.00 is booked on card •••• •••• •••• 0101 of DEMO; its balance is now €30.00.')).toBeTruthy();
    expect(await within(section('Waiting for a decision')).findByText('Nothing is waiting for a decision.')).toBeTruthy();
    const decided = await within(section('Decided recently')).findByRole('row', { name: /€5\.00/ });
    expect(decided.textContent).toMatch(/support@demo\.test.*Approved and booked, balance afterwards €30\.00.*finance@demo\.test/);
    await expectNoAxeViolations();
  });

  it('rejects with a reason, and says when someone else decided first', async () => {
    const api = fakeAdminApi({ me: FINANCE_DEMO, adjustments: [pendingAdjustment(), pendingAdjustment({ id: 'adj-2', amount: { value: -100, assetCode: 'EUR' } })] });
    const { user } = await openPage('/admin/adjustments', 'Balance adjustments', api);
    const dialog = await openDialog(user, 'Reject -€1.00 on card •••• •••• •••• 0101 of DEMO', 'Reject this adjustment?');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('textbox', { name: 'Why it is rejected' }).getAttribute('aria-invalid')).toBe('true');
    await user.type(within(dialog).getByRole('textbox', { name: 'Why it is rejected' }), 'no ticket');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/admin/api/adjustments/adj-2/reject').map((c) => c.body)).toEqual([{ reason: 'no ticket' }]);

    api.refuseNext('POST /admin/api/adjustments/adj-1/approve', 409, { code: 'ALREADY_DECIDED', message: 'x' });
    await user.click(screen.getByRole('button', { name: /^Approve €5\.00/ }));
    const approving = await screen.findByRole('dialog');
    await user.click(within(approving).getByRole('button', { name: 'Approve and book' }));
    expect((await within(approving).findByRole('alert')).textContent).toBe('This adjustment was decided already. The list now shows how.');
  });

  it("shows its proposer that someone else decides, and support that finance does: no buttons for them", async () => {
    renderAdmin('/admin/adjustments', fakeAdminApi({ me: FINANCE_DEMO, adjustments: [pendingAdjustment({ proposedBy: 'finance@demo.test' })] }));
    expect(await screen.findByText('Your proposal: someone else decides.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it('support sees the queue without deciding; brand-admin has no such page', async () => {
    renderAdmin('/admin/adjustments', fakeAdminApi({ me: SUPPORT_DEMO, adjustments: [pendingAdjustment({ proposedBy: 'other@demo.test' })] }));
    expect(await screen.findByText('Finance or an admin decides.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it('is absent from the navigation, and not found, for brand-admin', () =>
    expectNoPageFor(BRAND_ADMIN_DEMO, '/admin/adjustments', 'Adjustments', '/admin/api/adjustments'));

  it('has no axe findings in Dutch', async () => {
    renderAdmin('/admin/adjustments', fakeAdminApi({ me: FINANCE_DEMO, adjustments: [pendingAdjustment()] }), { language: 'nl' });
    await findPageHeading('Saldocorrecties');
    await screen.findByRole('button', { name: /goedkeuren$/ });
    await expectNoAxeViolations();
  });
});
