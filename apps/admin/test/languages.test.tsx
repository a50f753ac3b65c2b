import { screen, waitFor, within } from '@testing-library/react';
import { TIMELINE_CODES } from '@tessera/contracts/admin';
import { describe, expect, it, vi } from 'vitest';
import en from '../src/locales/en.json';
import nl from '../src/locales/nl.json';
import { detectLanguage } from '../src/lib/i18n';
import { demoCard, fakeAdminApi } from './fakeAdminApi';
import { expectNoAxeViolations, findPageHeading, openPage } from './renderAdmin';

describe('Dutch and English', () => {
  it('have the same keys, none of them empty', () => {
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
    for (const texts of [en, nl]) expect(Object.entries(texts).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('use the same placeholders in each text', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const differ = Object.keys(en).filter((key) => placeholders(en[key as keyof typeof en]).join() !== placeholders(nl[key as keyof typeof nl]).join());
    expect(differ).toEqual([]);
  });

  it('have a text for every code of a card’s timeline', () => {
    expect(TIMELINE_CODES.filter((code) => !(`timeline.code.${code}` in en))).toEqual([]);
  });

  it('start in the browser’s language, else English, and then in the one chosen', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-NL', 'en']);
    expect(detectLanguage()).toBe('nl');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'fr']);
    expect(detectLanguage()).toBe('en');
    window.localStorage.setItem('tessera-admin-language', 'nl');
    expect(detectLanguage()).toBe('nl');
  });

  it('switch from the header, remembered, with money and dates in the language’s way', async () => {
    const { user } = await openPage('/admin/cards/card_demo_0101', /Card of DEMO/, fakeAdminApi({ cards: [demoCard()] }));
    await user.click(screen.getByRole('radio', { name: 'Nederlands' }));
    await findPageHeading(/Kaart van DEMO/);
    expect(document.documentElement.lang).toBe('nl');
    expect(window.localStorage.getItem('tessera-admin-language')).toBe('nl');
    expect(screen.getByText('Saldo', { selector: 'dt' }).nextElementSibling?.textContent).toMatch(/^€\s25,00$/);
    expect(screen.getByText('Verloopt', { selector: 'dt' }).nextElementSibling?.textContent).toBe('30 jun 2028, geldig tot en met die dag');
    // The timeline in Dutch too: the server's codes translated, its amounts in the Dutch way.
    const timeline = screen.getByRole('heading', { name: 'Tijdlijn' }).closest('section')!;
    expect(within(timeline).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/20 nov 2026.*Besteding.*€\s-4,50.*door API-sleutel Kassa Utrecht/),
      expect.stringMatching(/Uitbetaling van €\s12,50 \(kosten €\s1,50\) naar de IBAN eindigend op 4300 \(wachtend\).*door de kaarthouder/),
      expect.stringMatching(/Gekoppeld aan een door de bank geverifieerde identiteit.*door de kaarthouder/),
      expect.stringMatching(/card\.frozen \(frozen\).*door het systeem/),
    ]);
    await waitFor(() => expect(document.title).toMatch(/Kaart van DEMO/));
    await expectNoAxeViolations();
  });
});
