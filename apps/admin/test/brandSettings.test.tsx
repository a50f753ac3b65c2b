import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { changedTexts, placeOf, toBrandFile, toFormValues } from '../src/features/brand-settings/brandForm';
import { TEXTS_PAGE_SIZE } from '../src/features/brand-settings/TextsEditor';
import { openPage, renderAdmin, findPageHeading, openDialog } from './renderAdmin';
import { SUPPORT_DEMO, fakeAdminApi } from './fakeAdminApi';
import { BRAND_ADMIN_DEMO, DEFAULT_TEXTS, DEMO_FILE, fakeBrandSettingsApi } from './fakeBrandSettings';

/**
 * axe-core as renderAdmin's expectNoAxeViolations runs it, but not into the preview's frame: jsdom
 * loads no page there for axe to reach (the browser tests check the page with its frame).
 */
async function expectNoAxeViolations() {
  const result = await axe.run({ include: [document], exclude: [['[data-live-announcer]']] } as unknown as axe.ElementContext, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const open = async (api = fakeBrandSettingsApi()) => {
  const opened = await openPage('/admin/brand-settings', 'Brand settings', api);
  await screen.findByRole('textbox', { name: 'Name' });
  return { ...opened, api };
};

type User = Awaited<ReturnType<typeof open>>['user'];

/** Searches the texts for `search`, then types the brand's own text for `key`. */
async function overrideText(user: User, search: string, key: string, text: string) {
  await user.click(screen.getByRole('searchbox', { name: 'Search keys and texts' }));
  await user.paste(search);
  await user.click(await screen.findByRole('textbox', { name: `Brand's text for ${key}` }));
  await user.paste(text);
}

/** Saves the draft and waits for the page to say so. */
async function saveDraft(user: User) {
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await screen.findByText('Draft saved. The preview shows it.');
}

const lastPut = (api: ReturnType<typeof fakeBrandSettingsApi>) => api.callsTo('PUT', '/admin/api/brands/DEMO/draft').at(-1)?.body as Record<string, unknown> & { translations: unknown; styling: Record<string, unknown> };

describe('where a problem the server answers is shown', () => {
  it('a field by its own path or the nearest field holding it, a text by language and key, the rest nowhere but the summary', () => {
    expect(placeOf('name')).toMatchObject({ kind: 'field', field: { name: 'name' } });
    expect(placeOf('styling.logo')).toMatchObject({ kind: 'field', field: { name: 'styling.logo' } });
    expect(placeOf('embedOrigins.2')).toMatchObject({ kind: 'field', field: { name: 'embedOrigins' } });
    expect(placeOf('pageAvailability.2.availableLanguages.0')).toMatchObject({ kind: 'field', field: { name: 'pageAvailability.2.availableLanguages' } });
    expect(placeOf('termsUrls.terms')).toMatchObject({ kind: 'field', field: { name: 'termsUrls.terms' } });
    expect(placeOf('translations.nl.balance__titel')).toEqual({ kind: 'text', language: 'nl', key: 'balance__titel' });
    expect(placeOf('')).toEqual({ kind: 'other' });
    expect(placeOf('somethingNew')).toEqual({ kind: 'other' });
  });

  it('only texts that differ from the default are overrides; an empty or equal one is none', () => {
    expect(changedTexts({ nl: { balance__title: 'Bekijk je saldo', a: '', b: 'Eigen' }, en: { balance__title: 'Check your balance' } }, DEFAULT_TEXTS)).toEqual({ nl: { b: 'Eigen' } });
  });

  it('the payout review is sent when the brand has one or it was changed, not when the form only wrote out the defaults', () => {
    const values = toFormValues(DEMO_FILE);
    expect(values.pageAvailability.map((p) => p.code)).toEqual(['REPLACE', 'PAYOUT', 'BALANCE', 'IDENTIFY', 'RESET', 'VISA']);
    expect(toBrandFile(values, DEMO_FILE, DEFAULT_TEXTS)).not.toHaveProperty('payoutReview');
    const changed = { ...values, payoutReview: { ...values.payoutReview, ibanOtherCards: null } };
    expect(toBrandFile(changed, DEMO_FILE, DEFAULT_TEXTS).payoutReview).toMatchObject({ ibanOtherCards: null, ibanWindowDays: 30 });
    const withReview = { ...DEMO_FILE, payoutReview: values.payoutReview };
    expect(toBrandFile(toFormValues(withReview), withReview, DEFAULT_TEXTS).payoutReview).toEqual(values.payoutReview);
  });
});

// jsdom renders React Aria's fields slowly on a shared machine: these walks get a minute each.
describe('the brand settings pages', { timeout: 60_000 }, () => {
  it('a brand-admin finds them in the navigation; support does not, and the page is not found for them', async () => {
    const { api } = await open();
    expect(screen.getByRole('link', { name: 'Brand settings' }).getAttribute('aria-current')).toBe('page');
    expect(api.callsTo('GET', '/admin/api/brands/DEMO/draft')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Tessera Demo');
    await expectNoAxeViolations();
    cleanup();

    renderAdmin('/admin/brand-settings', fakeAdminApi({ me: SUPPORT_DEMO }));
    await findPageHeading('Page not found');
    expect(screen.queryByRole('link', { name: 'Brand settings' })).toBeNull();
  });

  it('a brand outside the person\'s grants answers not found, as the server says', async () => {
    renderAdmin('/admin/brand-settings?brand=ACME', fakeBrandSettingsApi({ me: BRAND_ADMIN_DEMO }));
    await findPageHeading('Brand settings');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Not found, or outside your brands.');
  });

  it('the preview is the saved draft of a flow at phone width, titled, and loads again after a save', async () => {
    const { user } = await open();
    const frame = screen.getByTitle('Preview: Balance in NL');
    expect(frame.getAttribute('src')).toBe('/admin/preview/DEMO/balance?lng=nl');
    await saveDraft(user);
    const again = screen.getByTitle('Preview: Balance in NL');
    expect(again).not.toBe(frame);
  });

  it('texts: the default beside each key, a search as one types, pages of 25, and only the changed text sent', async () => {
    const { api, user } = await open();
    await user.click(screen.getByRole('tab', { name: 'Texts' }));
    expect(screen.getByRole('status').textContent).toBe(`Texts 1 to ${TEXTS_PAGE_SIZE} of 60`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status').textContent).toBe(`Texts 26 to 50 of 60`);
    // Filtered as one types: three letters already find it.
    await user.type(screen.getByRole('searchbox', { name: 'Search keys and texts' }), 'sal');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Texts 1 to 1 of 1'));
    expect(screen.getByText('Bekijk je saldo')).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'Brand\'s text for balance__title' }));
    await user.paste('Uw saldo');
    // A text typed equal to the default is no override.
    await user.clear(screen.getByRole('searchbox', { name: 'Search keys and texts' }));
    await overrideText(user, 'key_07', 'generic__key_07', 'Tekst 7');
    await saveDraft(user);
    expect(lastPut(api).translations).toEqual({ nl: { balance__title: 'Uw saldo' } });
    // Unchanged images and stylesheet go back as the URLs the server answered.
    expect(lastPut(api).styling.logo).toBe('/api/assets/demo/logo?v=1');
    expect(lastPut(api).customCss).toBe('/api/css/theme/demo/custom.css?v=1');
    // The payout review the brand never set stays unset: the defaults the form shows are not sent as a change.
    expect(lastPut(api)).not.toHaveProperty('payoutReview');
    await expectNoAxeViolations();
  });

  it('an image chosen in the browser goes as a data: URL; a file of another type is refused before anything is sent', async () => {
    const { api } = await open();
    // A person may pick "all files" in the chooser: the page checks the type itself.
    const user = userEvent.setup({ applyAccept: false });
    const choose = screen.getByRole('button', { name: 'Choose a file for Logo' });
    const input = choose.parentElement!.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('notes.txt is not one of SVG, PNG, JPEG, WEBP, GIF. Choose another file.')).toBeTruthy();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    await user.upload(input, new File([svg], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Current Logo' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/));
    await saveDraft(user);
    expect(atob(String(lastPut(api).styling.logo).split(',')[1]!)).toBe(svg);
  });

  it('the server\'s problems show beside their fields and in a summary that is announced and leads to each', async () => {
    const api = fakeBrandSettingsApi();
    const { user } = await open(api);
    api.refuseNextDraft([
      { path: 'styling.logo', message: 'an SVG may not hold <script>' },
      { path: 'embedOrigins.0', message: 'an origin such as https://www.example.com' },
      { path: 'translations.nl.balance__titel', message: 'no such text key; did you mean balance__title?' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await screen.findByRole('alert', { name: /3 problem/ });
    await waitFor(() => expect(summary).toBe(document.activeElement));
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Logo: an SVG may not hold <script>',
      'Sites that may embed the balance widget: an origin such as https://www.example.com',
      'Text balance__titel (NL): no such text key; did you mean balance__title?',
    ]);
    // Beside the field, tied to it.
    const origins = screen.getByRole('textbox', { name: 'Sites that may embed the balance widget' });
    expect(origins.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(origins.getAttribute('aria-describedby')!.split(' ').find((id) => document.getElementById(id)?.textContent?.includes('origin such'))!)).toBeTruthy();
    expect(screen.getByText('an SVG may not hold <script>', { selector: '.field__error' })).toBeTruthy();
    await user.click(within(summary).getByRole('button', { name: /^Sites that may embed/ }));
    expect(document.activeElement).toBe(origins);
    await user.click(within(summary).getByRole('button', { name: /^Text balance__titel/ }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Texts' }).getAttribute('aria-selected')).toBe('true'));
    expect((screen.getByRole('searchbox', { name: 'Search keys and texts' }) as HTMLInputElement).value).toBe('balance__titel');
    await expectNoAxeViolations();
  });

  it('a field the contract refuses is not sent: the browser checks first', async () => {
    const { api, user } = await open();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await screen.findByRole('alert', { name: /1 problem/ });
    expect(summary.textContent).toContain('Name');
    expect(screen.getByText('Fill in a name of 1 to 100 characters.')).toBeTruthy();
    expect(api.callsTo('PUT', '/admin/api/brands/DEMO/draft')).toHaveLength(0);
  });

  it('publish shows what changes, before and after, and confirms; a version restored becomes the draft', async () => {
    const { api, user } = await open();
    await user.click(screen.getByRole('tab', { name: 'Texts' }));
    await overrideText(user, 'balance__t', 'balance__title', 'Uw saldo');
    await saveDraft(user);
    const dialog = await openDialog(user, 'Publish…', 'Publish the draft?');
    const row = await within(dialog).findByRole('row', { name: /balance__title/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Tessera\'s text: Bekijk je saldo', 'Uw saldo']);
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published as version 2.');
    expect(api.callsTo('POST', '/admin/api/brands/DEMO/publish')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Versions' }));
    const versions = await screen.findByRole('table', { name: 'Published versions' });
    expect(within(versions).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Version 2', 'Version 1']);
    expect(within(versions).getAllByRole('row')[2]!.textContent).toContain('the operator (import)');
    await user.click(within(versions).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore version 1 as the draft?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore version 1' }));
    await screen.findByText('Version 1 is now the draft.');
    expect(api.callsTo('POST', '/admin/api/brands/DEMO/versions/1/restore')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Texts' }));
    await user.click(screen.getByRole('searchbox', { name: 'Search keys and texts' }));
    await user.paste('balance__t');
    expect((await screen.findByRole('textbox', { name: 'Brand\'s text for balance__title' }) as HTMLTextAreaElement).value).toBe('');
  });
});
