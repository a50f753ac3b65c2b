import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../src/app/ErrorBoundary';
import { I18nProvider } from '../src/lib/i18n';
import { expectNoAxeViolations } from './renderAdmin';

function Broken(): never {
  throw new Error('a page that fails to render');
}

describe('the error page', () => {
  it('replaces a page that throws with a page that says so and offers to load it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nProvider initial="nl">
        <main>
          <ErrorBoundary>
            <Broken />
          </ErrorBoundary>
        </main>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Er ging iets mis');
    expect(screen.getByRole('link', { name: 'Pagina opnieuw laden' })).toBeTruthy();
    await expectNoAxeViolations();
  });
});
