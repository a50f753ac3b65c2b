import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, findPageHeading, openPage, renderAdmin } from './renderAdmin';
import { FINANCE_DEMO, SUPPORT_DEMO, fakeAdminApi } from './fakeAdminApi';

// jsdom draws no canvas: uPlot stands in by a fake that records what it was asked to draw.
const drawn = vi.hoisted(() => [] as { series: { label?: string }[]; data: unknown[] }[]);
vi.mock('../src/features/reports/loadUPlot', () => ({
  loadUPlot: async () =>
    class FakeUPlot {
      static paths = { bars: () => () => null };
      constructor(options: { series: { label?: string }[] }, data: unknown[]) {
        drawn.push({ series: options.series, data });
      }
      setSize() {}
      destroy() {}
    },
}));

beforeEach(() => {
  drawn.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

/** A blob's text (jsdom's Blob has no text()). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const section = (name: string) => screen.getByRole('region', { name });

describe('the reports', () => {
  it('finance sees the reports of their brand as charts and, a tab away, as tables', async () => {
    const { api, user } = await openPage('/admin/reports', 'Reports', fakeAdminApi({ me: FINANCE_DEMO }));
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(drawn).toHaveLength(3));
    expect(drawn.map((chart) => chart.series.slice(1).map((s) => s.label))).toEqual([['EUR'], ['EUR'], ['Lookups', 'Activations', 'Redemptions', 'Loads', 'Payouts', 'Adjustments']]);
    // Liability in major units, a point a day.
    expect(drawn[0]!.data).toEqual([[0, 1], [1250, 1205]]);
    const query = Object.fromEntries(api.callsTo('GET', '/admin/api/reports/liability')[0]!.query);
    expect(query).toEqual({ brand: 'DEMO', from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    const liability = section('Outstanding balance per day');
    await user.click(within(liability).getByRole('tab', { name: 'Table' }));
    const rows = within(within(liability).getByRole('grid', { name: 'Outstanding balance per day' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['26 Nov 2026EUR€1,250.00', '27 Nov 2026EUR€1,205.00']);
    const activity = section('Activity per day');
    await user.click(within(activity).getByRole('tab', { name: 'Table' }));
    expect(within(activity).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['27 Nov 2026Lookups12—', '27 Nov 2026Payouts1-€45.00']);
    await expectNoAxeViolations();
  });

  it('reaches each table by keyboard: Tab to the view choice, an arrow to Table, Tab into it', async () => {
    const { user } = await openPage('/admin/reports', 'Reports', fakeAdminApi({ me: FINANCE_DEMO }));
    const expiring = await waitFor(() => section('Balances expiring soon'));
    const chartTab = await within(expiring).findByRole('tab', { name: 'Chart' });
    chartTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(expiring).getByRole('tab', { name: 'Table' }));
    await user.tab();
    expect(within(expiring).getByRole('tabpanel').contains(document.activeElement)).toBe(true);
    expect(within(expiring).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['30 daysEUR1€25.00', '60 daysEUR2€40.00', '90 daysEUR2€40.00']);
  });

  it('downloads a report as CSV with Accept: text/csv, under the name the server gives', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:report'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect([this.download, this.href]).toEqual(['liability-DEMO.csv', 'blob:report']);
    });
    const { api, user } = await openPage('/admin/reports', 'Reports', fakeAdminApi({ me: FINANCE_DEMO }));
    const liability = await waitFor(() => section('Outstanding balance per day'));
    await waitFor(() => expect(within(liability).getByRole('button', { name: /Download CSV/ }).hasAttribute('disabled')).toBe(false));
    await user.click(within(liability).getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(api.calls.filter((c) => c.accept === 'text/csv').map((c) => c.path)).toEqual(['/admin/api/reports/liability']);
    expect(await readText(created[0]!)).toBe('date,brand\r\n2026-11-27,DEMO\r\n');
  });

  it('is in Dutch too, and axe finds nothing', async () => {
    renderAdmin('/admin/reports', fakeAdminApi({ me: FINANCE_DEMO }), { language: 'nl' });
    await findPageHeading('Rapportages');
    await screen.findAllByRole('tab', { name: 'Tabel' });
    expect(screen.getByRole('region', { name: 'Saldi die binnenkort vervallen' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('support has no reports: no entry in the navigation, and the path is not found', async () => {
    renderAdmin('/admin/reports', fakeAdminApi({ me: SUPPORT_DEMO }));
    await findPageHeading(/not found/i);
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
  });
});
