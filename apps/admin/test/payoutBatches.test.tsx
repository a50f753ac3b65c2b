import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_DEMO } from './fakeAdminApi';
import { BATCH_ID, FINANCE_DEMO, PAIN_XML, fakePayoutBatchApi } from './fakePayoutBatches';
import { expectNoAxeViolations, expectNoPageFor, findPageHeading, openPage, renderAdmin, openDialog } from './renderAdmin';

afterEach(() => vi.unstubAllGlobals());

/** Finance exports DEMO's pending payouts and is on the new batch's page. */
async function openNewBatch() {
  const api = fakePayoutBatchApi();
  const { user } = await openPage('/admin/payout-batches', 'Payout batches', api);
  await user.click(await screen.findByRole('button', { name: 'Export the pending payouts of DEMO into a batch' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Export payouts' }));
  await findPageHeading(`Payout batch ${BATCH_ID}`);
  return { api, user };
}

describe('the payout batches pages', () => {
  it('are in the navigation of finance, without axe findings', async () => {
    renderAdmin('/admin/payout-batches', fakePayoutBatchApi());
    await findPageHeading('Payout batches');
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Payout batches' });
    await screen.findByRole('list', { name: 'Waiting for export' });
    await expectNoAxeViolations();
  });

  it('are absent from the navigation of support, for whom they are not found', () =>
    expectNoPageFor(SUPPORT_DEMO, '/admin/payout-batches', 'Payout batches', '/admin/api/payout-batches'));

  it('are in Dutch too, without axe findings', async () => {
    renderAdmin('/admin/payout-batches', fakePayoutBatchApi(), { language: 'nl' });
    await findPageHeading('Uitbetalingsbatches');
    await screen.findByRole('button', { name: 'De openstaande uitbetalingen van DEMO naar een batch exporteren' });
    await expectNoAxeViolations();
  });

  it('export a brand after a confirmation that says what happens, and open the new batch', async () => {
    const { api, user } = await openPage('/admin/payout-batches', 'Payout batches', fakePayoutBatchApi({ me: FINANCE_DEMO }));
    const dialog = await openDialog(user, 'Export the pending payouts of DEMO into a batch', 'Export the pending payouts of DEMO?');
    expect(dialog.textContent).toContain('The 2 pending payouts of DEMO (€30.00) go into one new SEPA file');
    await user.click(within(dialog).getByRole('button', { name: 'Export payouts' }));
    await findPageHeading(`Payout batch ${BATCH_ID}`);
    expect(api.callsTo('POST', '/admin/api/payout-batches')[0]!.body).toEqual({ brand: 'DEMO', format: 'pain.001.001.09' });
    await screen.findByText(`2 payouts of DEMO exported into batch ${BATCH_ID}.`);
  });

  it('show a batch: download its file, mark a payout paid (a repeat says nothing changed) and return another', async () => {
    const { api, user } = await openNewBatch();
    const table = await screen.findByRole('grid', { name: 'Payouts in this batch' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('NL69INGB******6789'),
      expect.stringContaining('NL69INGB******6789'),
    ]);
    await expectNoAxeViolations();

    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:file'), revokeObjectURL: () => undefined }));
    await user.click(screen.getByRole('button', { name: 'Download the file' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    expect(text).toBe(PAIN_XML);
    expect(api.callsTo('GET', `/admin/api/payout-batches/${BATCH_ID}/file`)).toHaveLength(1);

    let dialog = await openDialog(user, 'Mark the payout of €10.00 from card XXXX XXXX XXXX XXXX 101 paid', 'Mark this payout paid?');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await screen.findByText('The payout of €10.00 from card XXXX XXXX XXXX XXXX 101 is marked paid.');
    await screen.findByText(/The bank already reported on 1 payouts of this file/);

    // Someone else marked the other payout paid meanwhile: this page still offers it, and says nothing changed.
    await api.fetch(`/admin/api/payouts/payout-2/mark-paid`, { method: 'POST', body: '{}' });
    dialog = await openDialog(user, 'Mark the payout of €20.00 from card XXXX XXXX XXXX XXXX 102 paid', 'Mark this payout paid?');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await screen.findByText('The payout of €20.00 from card XXXX XXXX XXXX XXXX 102 was paid already; nothing changed.');

    dialog = await openDialog(user, 'Return the payout of €10.00 from card XXXX XXXX XXXX XXXX 101', 'Book this payout as returned?');
    expect(dialog.textContent).toContain('€10.00 and the fee of €2.50 go back onto the card');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    await screen.findByText('The payout of €10.00 from card XXXX XXXX XXXX XXXX 101 is returned; €10.00 and the fee of €2.50 are back on the card.');
    expect(api.callsTo('POST', '/admin/api/payouts/payout-1/return')).toHaveLength(1);

    // The rows follow the language switch (a collection's rows re-render only on its dependencies).
    await user.click(screen.getByRole('radio', { name: 'Nederlands' }));
    const dutch = await screen.findByRole('grid', { name: 'Uitbetalingen in deze batch' });
    expect(within(dutch).getAllByRole('row')[1]!.textContent).toContain('Teruggekomen');
    expect(within(dutch).getAllByRole('row')[1]!.textContent).toMatch(/€\s10,00/);
  });

  it('say so when a settlement is refused, and change nothing on the page', async () => {
    const { api, user } = await openNewBatch();
    api.refuseNext('POST /admin/api/payouts/payout-2/mark-failed', 409, { code: 'PAYOUT_STATUS_CONFLICT', message: 'no' });
    const dialog = await openDialog(user, 'Mark the payout of €20.00 from card XXXX XXXX XXXX XXXX 102 failed', 'Mark this payout failed?');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain("This payout's status does not allow this");
  });
});
