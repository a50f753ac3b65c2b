import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from './helpers/Controlled';
import { DateSelector } from '../src/flows/visa/components/DateSelector';
import { CountrySelect } from '../src/flows/visa/components/CountrySelect';
import { PinSection } from '../src/flows/visa/components/PinSection';
import { createTestI18n, fieldErrorOf, mockFetch, renderWithProviders } from './utils';

describe('DateSelector: a date from three dropdowns', () => {
  it('offers days 1–31, months 1–12 and years from the current year back to 1920, and emits yyyy-mm-dd only when all three are chosen', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Controlled
        initial=""
        onChange={onChange}
        field={(value, change) => <DateSelector legend="Date of birth" value={value} onChange={change} now={new Date('2031-06-01T12:00:00Z')} />}
      />,
    );
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Date of birth' });
    const day = within(group).getByLabelText('Day') as HTMLSelectElement;
    const month = within(group).getByLabelText('Month') as HTMLSelectElement;
    const year = within(group).getByLabelText('Year') as HTMLSelectElement;
    expect([...day.options].slice(1).map((o) => o.value)).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    expect([...month.options].slice(1).map((o) => o.text)).toEqual([
      'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
    ]);
    const years = [...year.options].slice(1).map((o) => o.value);
    expect(years[0]).toBe('2031');
    expect(years.at(-1)).toBe('1920');
    expect(years).toHaveLength(2031 - 1920 + 1);

    await user.selectOptions(day, '5');
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.selectOptions(month, 'March');
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.selectOptions(year, '1990');
    expect(onChange).toHaveBeenLastCalledWith('1990-03-05');
    // a day the month does not have: nothing is emitted, and it says so
    await user.selectOptions(day, '31');
    await user.selectOptions(month, 'February');
    expect(onChange).toHaveBeenLastCalledWith('');
    // visible as the selects change and tied to them, without an announcement per change
    expect(screen.getByText('This date does not exist. Check the day and the month.')).toBeTruthy();
    expect(fieldErrorOf(day)).toBe('This date does not exist. Check the day and the month.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(day.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a given value and names months in Dutch', () => {
    renderWithProviders(<DateSelector legend="Geboortedatum" value="1985-04-12" onChange={() => {}} />, { i18n: createTestI18n('nl') });
    const group = screen.getByRole('group', { name: 'Geboortedatum' });
    expect((within(group).getByLabelText('Dag') as HTMLSelectElement).value).toBe('12');
    const month = within(group).getByLabelText('Maand') as HTMLSelectElement;
    expect(month.value).toBe('4');
    expect(month.selectedOptions[0]!.text).toBe('april');
    expect((within(group).getByLabelText('Jaar') as HTMLSelectElement).value).toBe('1985');
  });
});

function CountryHarness({ initial = '', onChange }: { initial?: string; onChange?: (code: string) => void }) {
  return <Controlled initial={initial} onChange={onChange} field={(value, change) => <CountrySelect label="Nationality" value={value} onChange={change} />} />;
}

describe('CountrySelect: a searchable dropdown of countries in English and Dutch', () => {
  it('narrows the list as the cardholder types, starting with names that begin with it, and chooses with the keyboard', async () => {
    const onChange = vi.fn();
    renderWithProviders(<CountryHarness onChange={onChange} />);
    const user = userEvent.setup();
    const combo = screen.getByRole('combobox', { name: 'Nationality' });
    expect(combo.getAttribute('aria-expanded')).toBe('false');
    await user.type(combo, 'nether');
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Netherlands', 'Caribbean Netherlands']);
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('NL');
    expect((combo as HTMLInputElement).value).toBe('Netherlands');
    expect(combo.getAttribute('aria-expanded')).toBe('false');
  });

  it('chooses with a click, says when nothing matches, and Escape keeps the earlier choice', async () => {
    const onChange = vi.fn();
    renderWithProviders(<CountryHarness initial="BE" onChange={onChange} />);
    const user = userEvent.setup();
    const combo = screen.getByRole('combobox', { name: 'Nationality' }) as HTMLInputElement;
    expect(combo.value).toBe('Belgium');
    await user.clear(combo);
    await user.type(combo, 'xyzzy');
    expect(screen.getByRole('option').textContent).toBe('No country found');
    await user.keyboard('{Escape}');
    expect(combo.value).toBe('Belgium');
    await user.clear(combo);
    await user.type(combo, 'ger');
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    expect(onChange).toHaveBeenLastCalledWith('DE');
  });

  it('names the countries in Dutch', async () => {
    renderWithProviders(<CountryHarness initial="DE" />, { i18n: createTestI18n('nl') });
    const user = userEvent.setup();
    const combo = screen.getByRole('combobox', { name: 'Nationality' }) as HTMLInputElement;
    expect(combo.value).toBe('Duitsland');
    await user.clear(combo);
    await user.type(combo, 'neder');
    expect(screen.getAllByRole('option')[0]!.textContent).toBe('Nederland');
  });
});

describe('PinSection: the PIN shown in the card processor’s frame', () => {
  const retrieval = { pinFrameURL: 'http://127.0.0.1:8090/pin-frame', key: 'k/ey+1', controlId: 'ctl-42' };
  const pinRoute = { method: 'POST', path: '/api/visa/getPin/DEMO', body: retrieval };
  const flush = async () => {
    for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(0));
  };

  function renderPin(props: { autoHide?: boolean } = {}) {
    return renderWithProviders(<PinSection themeCode="DEMO" cardNumber="4000000000000000010" securityCode="Tq8m3x" {...props} />);
  }

  it('hidden shows 4 asterisks; show fetches the PIN and renders the titled frame; after load and 500 ms it posts view-pin to the frame origin only; hide removes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requests } = mockFetch([pinRoute]);
    renderPin();
    expect(screen.getByTestId('pin-hidden').textContent).toContain('****');
    expect(screen.getByText('PIN hidden')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show PIN' }));
    await flush();
    expect(requests[0]!.headers['x-flow-type']).toBe('VISA');
    expect(requests[0]!.body).toEqual({ code: 'DEMO', cardNumber: '4000000000000000010', securityCode: 'Tq8m3x' });
    const frame = screen.getByTitle('Your PIN') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('http://127.0.0.1:8090/pin-frame?key=k%2Fey%2B1&lang=en');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide PIN' }));

    const post = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    fireEvent.load(frame);
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(post).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ operation: 'view-pin', controlId: 'ctl-42' }, 'http://127.0.0.1:8090');

    // no auto-hide unless asked
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByTitle('Your PIN')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide PIN' }));
    expect(screen.queryByTitle('Your PIN')).toBeNull();
    expect(screen.getByTestId('pin-hidden').textContent).toContain('****');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show PIN' }));
  });

  it('auto-hide: the frame goes after 8 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch([pinRoute]);
    renderPin({ autoHide: true });
    fireEvent.click(screen.getByRole('button', { name: 'Show PIN' }));
    await flush();
    expect(screen.getByTitle('Your PIN')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(7_999));
    expect(screen.getByTitle('Your PIN')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTitle('Your PIN')).toBeNull();
    expect(screen.getByTestId('pin-hidden')).toBeTruthy();
  });

  for (const [name, route] of [
    ['a refusal', { method: 'POST', path: '/api/visa/getPin/DEMO', status: 404, body: { code: 'CARD_NOT_FOUND', message: 'x' } }],
    ['no answer', { method: 'POST', path: '/api/visa/getPin/DEMO', networkError: true }],
  ] as const) {
    it(`getPin ${name}: the visa__get_pin_error alert, the PIN stays hidden`, async () => {
      mockFetch([route]);
      renderPin();
      fireEvent.click(screen.getByRole('button', { name: 'Show PIN' }));
      expect((await screen.findByRole('alert')).textContent).toBe('We could not show your PIN. Please try again later.');
      expect(screen.queryByTitle('Your PIN')).toBeNull();
      expect(screen.getByTestId('pin-hidden')).toBeTruthy();
    });
  }
});
