import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from './helpers/Controlled';
import { TranslatorProvider } from '../src/lib/useTranslation';
import { GiftCardNumberField } from '../src/components/GiftCardNumberField/GiftCardNumberField';
import { PinCodeField } from '../src/components/PinCodeField/PinCodeField';
import { CardSummary } from '../src/components/CardSummary/CardSummary';
import { Label } from '../src/components/Label/Label';
import { Button } from '../src/components/Button/Button';
import { ErrorPage } from '../src/components/ErrorPage/ErrorPage';
import { createTestI18n } from './utils';

function withI18n(ui: React.ReactNode) {
  return render(<TranslatorProvider translator={createTestI18n('en')}>{ui}</TranslatorProvider>);
}

function CardNumberHarness({ onValue }: { onValue?: (v: string) => void }) {
  return <Controlled initial="" onChange={onValue} field={(value, onChange) => <GiftCardNumberField id="card" label="Card number" value={value} onChange={onChange} />} />;
}

describe('GiftCardNumberField', () => {
  it('groups digits in blocks of 4 as the cardholder types', async () => {
    const user = userEvent.setup();
    withI18n(<CardNumberHarness />);
    const input = screen.getByLabelText('Card number') as HTMLInputElement;
    await user.type(input, '6064000000000000101');
    expect(input.value).toBe('6064 0000 0000 0000 101');
  });

  it('strips spaces and punctuation from pasted numbers and stops at 19 characters', async () => {
    const user = userEvent.setup();
    withI18n(<CardNumberHarness />);
    const input = screen.getByLabelText('Card number') as HTMLInputElement;
    await user.click(input);
    await user.paste('6064-0000.0000 0000/101');
    expect(input.value).toBe('6064 0000 0000 0000 101');
    await user.type(input, '99');
    expect(input.value).toBe('6064 0000 0000 0000 101');
  });

  it('is a numeric, non-autocompleted field with the 19-digit placeholder', () => {
    withI18n(<CardNumberHarness />);
    const input = screen.getByLabelText('Card number');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('placeholder')).toBe('0000 0000 0000 0000 000');
  });

  it('says its purpose (1.3.5): cc-number where the card is a payment card', () => {
    withI18n(<GiftCardNumberField id="card" label="Card number" value="" onChange={() => {}} autoComplete="cc-number" />);
    expect(screen.getByLabelText('Card number').getAttribute('autocomplete')).toBe('cc-number');
  });

  it('asks password managers for the security code: autocomplete=current-password (1.3.5)', () => {
    withI18n(<PinCodeField id="pin" label="Security code" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Security code');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
  });

  it('links its error message with aria-describedby', () => {
    withI18n(<GiftCardNumberField id="card" label="Card number" value="" onChange={() => {}} error="Enter your card number." help="On the back" />);
    const input = screen.getByLabelText('Card number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['On the back', 'Enter your card number.']);
  });

  it('has no scan button outside a flow that offers scanning (brand configuration: test/scanner.test.tsx)', () => {
    withI18n(<GiftCardNumberField id="card" label="Card number" value="" onChange={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('CardSummary', () => {
  it('masks the number as 16 X plus the last 3 digits, read as "card ending in"', () => {
    withI18n(<CardSummary cardNumber="6064 0000 0000 0000 101" status="active" balance={{ value: 2500, assetCode: 'EUR' }} />);
    const number = screen.getByRole('img', { name: 'Card ending in 101' });
    expect(number.textContent).toBe('XXXX XXXX XXXX XXXX 101');
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByTestId('card-balance').textContent).toBe('€ 25,00');
  });

  it('shows XXX for a number shorter than 3 and no balance when inactive', () => {
    withI18n(<CardSummary cardNumber="12" status="inactive" balance={{ value: 2500, assetCode: 'EUR' }} />);
    expect(screen.getByRole('img').textContent).toBe('XXXX XXXX XXXX XXXX XXX');
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.queryByTestId('card-balance')).toBeNull();
  });
});

describe('Label tooltip', () => {
  function tooltip() {
    return screen.getByRole('tooltip', { hidden: true });
  }

  it('shows after 300 ms and hides 450 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    withI18n(
      <>
        <Label htmlFor="x" info="Where to find it">
          Card number
        </Label>
        <input id="x" />
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'More information' });
    expect(tooltip().hidden).toBe(true);
    fireEvent.mouseEnter(trigger.parentElement!);
    act(() => vi.advanceTimersByTime(299));
    expect(tooltip().hidden).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(tooltip().hidden).toBe(false);
    expect(tooltip().textContent).toBe('Where to find it');

    fireEvent.mouseLeave(trigger.parentElement!);
    act(() => vi.advanceTimersByTime(449));
    expect(tooltip().hidden).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(tooltip().hidden).toBe(true);
  });

  it('shows on keyboard focus, hides on Escape, and describes the icon button', () => {
    vi.useFakeTimers();
    withI18n(
      <Label htmlFor="x" info="Where to find it">
        Card number
      </Label>,
    );
    const trigger = screen.getByRole('button', { name: 'More information' });
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip().id);
    act(() => trigger.focus());
    act(() => vi.advanceTimersByTime(300));
    expect(tooltip().hidden).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tooltip().hidden).toBe(true);
  });
});

describe('Button', () => {
  it('is busy, disabled and shows a spinner while loading', () => {
    const onClick = vi.fn();
    const { rerender } = withI18n(<Button onClick={onClick}>Check balance</Button>);
    const button = screen.getByRole('button', { name: 'Check balance' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();

    rerender(
      <TranslatorProvider translator={createTestI18n('en')}>
        <Button onClick={onClick} loading>
          Check balance
        </Button>
      </TranslatorProvider>,
    );
    const busy = screen.getByRole('button', { name: /Check balance/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.textContent).toContain('Please wait…');
    fireEvent.click(busy);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('has a retry variant', () => {
    withI18n(<Button variant="retry">Try again</Button>);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('ErrorPage', () => {
  it('shows F110 by default and a back link only with a return url', () => {
    const { rerender } = withI18n(<ErrorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Error code: F110')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(
      <TranslatorProvider translator={createTestI18n('en')}>
        <ErrorPage code="F200" returnUrl="/" />
      </TranslatorProvider>,
    );
    expect(screen.getByText('Error code: F200')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the start' }).getAttribute('href')).toBe('/');
  });
});
