import { expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Theme } from '@tessera/contracts';
import { captchaRoute, mockFetch, renderApp, themeRoute, type MockRoute } from '../utils';

interface RedirectCase {
  theme: Theme;
  /** The flow's start, where each screen sends a cardholder without the state it needs. */
  start: string;
  /** Paths below the start. */
  screens: string[];
  /** The start screen's h1. */
  startHeading: string;
  /** Calls the start screen makes besides the theme and the captcha. */
  routes?: MockRoute[];
}

/**
 * One test per screen of a flow that needs a card in state: opened without one (a reload after the
 * state went, a typed URL), it replaces itself by the flow's start.
 */
export function itRedirectsToTheStart({ theme, start, screens, startHeading, routes = [] }: RedirectCase) {
  for (const screenPath of screens) {
    it(`${start}/${screenPath} redirects to the start`, async () => {
      mockFetch([themeRoute(theme), captchaRoute, ...routes]);
      const { history } = renderApp(`${start}/${screenPath}`);
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(start));
      expect(history()).toEqual([start]);
      expect(await screen.findByRole('heading', { level: 1, name: startHeading })).toBeTruthy();
    });
  }
}
