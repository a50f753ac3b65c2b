import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import type { GiftCard } from '@tessera/contracts';
import { captchaRoute, demoTheme, mockFetch, renderApp, themeRoute } from './utils';

/** axe in jsdom: colour contrast needs real layout, so it is left to the Playwright e2e. */
async function expectNoViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

const card: GiftCard = { code: '6064000000000000101', expiresAt: '2099-12-31', balances: [{ quantity: { value: 2500, assetCode: 'EUR' } }], resetUrl: '/demo/reset' };

describe('accessibility (axe-core)', () => {
  for (const informationType of [1, 3] as const) {
    it(`balance lookup (informationType ${informationType})`, async () => {
      mockFetch([themeRoute(demoTheme({}, { informationType })), captchaRoute]);
      renderApp('/demo/balance');
      await screen.findByRole('heading', { level: 1, name: 'Check your balance' });
      await expectNoViolations();
    });
  }

  it('balance lookup with field errors', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance');
    await screen.findByRole('heading', { level: 1, name: 'Check your balance' });
    screen.getByRole('button', { name: 'Check balance' }).click();
    await screen.findByText('Enter your card number.');
    await expectNoViolations();
  });

  it('balance amount', async () => {
    window.sessionStorage.setItem('tessera.balance.demo', JSON.stringify(card));
    mockFetch([themeRoute(), captchaRoute]);
    renderApp('/demo/balance/amount');
    await screen.findByRole('heading', { level: 1, name: 'Your balance' });
    await expectNoViolations();
  });

  it('error page, page unavailable and not found', async () => {
    mockFetch([themeRoute(), captchaRoute]);
    const a = renderApp('/demo/balance/error');
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    await expectNoViolations();
    a.unmount();
    const b = renderApp('/demo/replace');
    await screen.findByRole('heading', { level: 1, name: 'Deze pagina is niet beschikbaar' });
    await expectNoViolations();
    b.unmount();
    renderApp('/demo/visa');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await expectNoViolations();
  });
});
