import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TranslatorProvider } from '../src/lib/useTranslation';
import { OneTimeCodeField, digitsOfPaste, emptyCode, isCompleteCode } from '../src/components/OneTimeCodeField/OneTimeCodeField';
import { PasscodeChoice, isPasscodeChoiceValid } from '../src/components/PasscodeChoice/PasscodeChoice';
import { createTestI18n, fieldErrorOf } from './utils';

function withI18n(ui: React.ReactNode, lng: 'en' | 'nl' = 'en') {
  return render(<TranslatorProvider translator={createTestI18n(lng)}>{ui}</TranslatorProvider>);
}

/**
 * The field with its own state, clearing its error on change as the forms do
 * (docs/product/common.md).
 */
function CodeHarness({ initialError }: { initialError?: string }) {
  const [value, setValue] = useState(() => emptyCode(6));
  const [error, setError] = useState(initialError);
  return (
    <>
      <OneTimeCodeField
        label="Recovery code"
        help="The 6 digits you received."
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        error={error}
      />
      <output data-testid="code">{value.map((d) => d || '_').join('')}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const code = () => screen.getByTestId('code').textContent;

/** Renders an empty code field and clicks into one of its boxes, as a cardholder starts typing. */
async function inCodeBox(index = 0) {
  const user = userEvent.setup();
  withI18n(<CodeHarness />);
  await user.click(boxes()[index]!);
  return user;
}

describe('OneTimeCodeField', { timeout: 20_000 }, () => {
  it('is a labelled group of six numeric boxes, "digit 1 of 6" and so on, the first offering the SMS code', () => {
    withI18n(<CodeHarness />);
    const group = screen.getByRole('group', { name: 'Recovery code' });
    const inputs = within(group).getAllByRole('textbox');
    expect(inputs).toHaveLength(6);
    expect(inputs.map((i) => i.getAttribute('aria-label'))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`));
    expect(inputs.every((i) => i.getAttribute('inputmode') === 'numeric')).toBe(true);
    expect(inputs[0]!.getAttribute('autocomplete')).toBe('one-time-code');
    expect(inputs.slice(1).every((i) => i.getAttribute('autocomplete') === 'off')).toBe(true);
    const help = document.getElementById(inputs[0]!.getAttribute('aria-describedby')!);
    expect(help?.textContent).toBe('The 6 digits you received.');
  });

  it('takes one digit per box and moves on to the next', async () => {
    const user = await inCodeBox();
    await user.keyboard('654321');
    expect(code()).toBe('654321');
    expect(boxes().map((b) => b.value)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it("blocks 'e' and other letters", async () => {
    const user = await inCodeBox();
    await user.keyboard('eE');
    expect(boxes()[0]!.value).toBe('');
    await user.keyboard('x+-.');
    expect(code()).toBe('______');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('spreads a paste over the boxes, non-digits becoming 0', async () => {
    const user = await inCodeBox();
    await user.paste('12a4-6');
    expect(code()).toBe('120406');
    // spaces (as in "123 456" from an SMS) are dropped, not turned into 0
    expect(digitsOfPaste('123 456')).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('fills a whole pasted code from the first box, and a shorter piece from the box it lands in', async () => {
    const user = await inCodeBox(3);
    await user.paste('987654');
    expect(code()).toBe('987654');
    await user.click(boxes()[4]!);
    await user.paste('11');
    expect(code()).toBe('987611');
    await user.click(boxes()[5]!);
    await user.paste('2222');
    // too long for the boxes left: the rest is dropped
    expect(code()).toBe('987612');
  });

  it('backspace in an empty box moves back (deleting the digit there)', async () => {
    const user = await inCodeBox();
    await user.keyboard('123');
    expect(document.activeElement).toBe(boxes()[3]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes()[2]);
    expect(code()).toBe('12____');
    await user.keyboard('{Backspace}{Backspace}');
    expect(document.activeElement).toBe(boxes()[0]);
    expect(code()).toBe('______');
    // at the first box there is nowhere to go
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('replaces a filled box with the digit typed into it, and moves with the arrow keys', async () => {
    const user = await inCodeBox();
    await user.paste('123456');
    await user.click(boxes()[2]!);
    await user.keyboard('9');
    expect(code()).toBe('129456');
    expect(document.activeElement).toBe(boxes()[3]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(boxes()[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(boxes()[5]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('ties its visible error to every box (no live region) and clears it when the code changes', async () => {
    const user = userEvent.setup();
    withI18n(<CodeHarness initialError="This recovery code is not right." />);
    expect(screen.getByText('This recovery code is not right.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    for (const box of boxes()) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(fieldErrorOf(box)).toBe('This recovery code is not right.');
    }
    await user.click(boxes()[0]!);
    await user.keyboard('1');
    expect(screen.queryByText('This recovery code is not right.')).toBeNull();
    expect(fieldErrorOf(boxes()[0]!)).toBeNull();
    expect(boxes()[0]!.getAttribute('aria-invalid')).toBeNull();
  });

  it('counts a code as complete only with a digit in every box', () => {
    expect(isCompleteCode(['1', '2', '3', '4', '5', '6'])).toBe(true);
    expect(isCompleteCode(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isCompleteCode([])).toBe(false);
  });
});

function PasscodeHarness({ rejected = false }: { rejected?: boolean }) {
  const [passcode, setPasscode] = useState('');
  const [repeat, setRepeat] = useState('');
  return (
    <PasscodeChoice
      keyPrefix="reset__security_passcode"
      passcode={passcode}
      repeat={repeat}
      rejected={rejected}
      onPasscodeChange={setPasscode}
      onRepeatChange={setRepeat}
    />
  );
}

describe('PasscodeChoice: choosing a passcode and typing it again', { timeout: 20_000 }, () => {
  const HELP = 'Use exactly 6 letters or digits, and no easy series like 123456 or aaaaaa.';
  const LENGTH = 'Too many characters. Use exactly 6.';
  const GUESS = 'This code is too easy to guess. Avoid series like 123456, abcdef or 111111.';
  const MATCH = 'The codes are not the same.';
  const REMEMBER = /Remember your new security code well/;

  it('shows the muted help under 6 characters, the length error from 7, nothing at a good 6', async () => {
    const user = userEvent.setup();
    withI18n(<PasscodeHarness />);
    const input = screen.getByLabelText('New security code');
    expect(input.getAttribute('type')).toBe('password');
    expect(screen.getByText(HELP)).toBeTruthy();
    await user.type(input, 'Tq8m3');
    expect(screen.getByText(HELP)).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(HELP);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(input, 'x');
    expect(screen.queryByText(HELP)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.type(input, 'y');
    // Visible while typing, tied to the field, and no announcement per keystroke.
    expect(screen.getByText(LENGTH)).toBeTruthy();
    expect(fieldErrorOf(input)).toBe(LENGTH);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the guess error for runs and repeats at 6, and for other characters the character error', async () => {
    const user = userEvent.setup();
    withI18n(<PasscodeHarness />);
    const input = screen.getByLabelText('New security code');
    for (const guessable of ['123456', 'abcdef', '654321', '111111']) {
      await user.clear(input);
      await user.type(input, guessable);
      expect(screen.getByText(GUESS)).toBeTruthy();
      expect(fieldErrorOf(input)).toBe(GUESS);
    }
    await user.clear(input);
    await user.type(input, 'ab!');
    expect(fieldErrorOf(input)).toBe('Use letters and digits only.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the mismatch from the 4th character of the repeat, and the warning once they match', async () => {
    const user = userEvent.setup();
    withI18n(<PasscodeHarness />);
    await user.type(screen.getByLabelText('New security code'), 'Tq8m3x');
    const repeat = screen.getByLabelText('Repeat new security code');
    await user.type(repeat, 'Tqx');
    expect(screen.queryByText(MATCH)).toBeNull();
    await user.type(repeat, 'z');
    expect(screen.getByText(MATCH)).toBeTruthy();
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(REMEMBER)).toBeNull();
    await user.clear(repeat);
    await user.type(repeat, 'Tq8m3x');
    expect(screen.queryByText(MATCH)).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(REMEMBER);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the guess error when the server refused the code, and no warning', async () => {
    const user = userEvent.setup();
    withI18n(<PasscodeHarness rejected />);
    await user.type(screen.getByLabelText('New security code'), 'Tq8m3x');
    await user.type(screen.getByLabelText('Repeat new security code'), 'Tq8m3x');
    expect(screen.getByText(GUESS)).toBeTruthy();
    expect(fieldErrorOf(screen.getByLabelText('New security code'))).toBe(GUESS);
    expect(screen.queryByText(REMEMBER)).toBeNull();
  });

  it('is in Dutch with the nl texts', async () => {
    const user = userEvent.setup();
    withI18n(<PasscodeHarness />, 'nl');
    await user.type(screen.getByLabelText('Nieuwe beveiligingscode'), '1234567');
    expect(fieldErrorOf(screen.getByLabelText('Nieuwe beveiligingscode'))).toBe('Te veel tekens. Gebruik er precies 6.');
  });

  it('is valid only as a good 6-character code typed twice and not refused', () => {
    expect(isPasscodeChoiceValid('Tq8m3x', 'Tq8m3x')).toBe(true);
    expect(isPasscodeChoiceValid('Tq8m3x', 'Tq8m3y')).toBe(false);
    expect(isPasscodeChoiceValid('123456', '123456')).toBe(false);
    expect(isPasscodeChoiceValid('Tq8m3', 'Tq8m3')).toBe(false);
    expect(isPasscodeChoiceValid('Tq8m3x', 'Tq8m3x', true)).toBe(false);
  });
});
