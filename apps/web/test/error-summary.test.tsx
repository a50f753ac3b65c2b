import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslatorProvider } from '../src/lib/useTranslation';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, useSubmitRound, type Problem } from '../src/components/ErrorSummary/ErrorSummary';
import { SubmitHint, submitOnEnter } from '../src/components/SubmitHint/SubmitHint';
import { useDocumentTitle } from '../src/lib/theme/FlowContext';
import { createTestI18n } from './utils';

/** A form with one required field and a submit that may be disabled, as the flows build it. */
function Form({ disableSubmit = false, refusal = null }: { disableSubmit?: boolean; refusal?: string | null }) {
  useDocumentTitle('Check your balance');
  const [value, setValue] = useState('');
  const [round, countRound] = useSubmitRound();
  const [sent, setSent] = useState(0);
  const problems: Problem[] = [];
  if (!value) problems.push({ text: 'Enter your card number.', target: 'card' });
  if (/\D/.test(value)) problems.push({ text: 'Use digits only.', target: 'card' });
  if (refusal) problems.push({ text: refusal });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.length) countRound();
    else setSent((n) => n + 1);
  };
  return (
    <form onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate>
      <ErrorSummary problems={problems} round={round} />
      <label htmlFor="card">Card number</label>
      <input id="card" value={value} onChange={(event) => setValue(event.target.value)} />
      <button type="submit" disabled={disableSubmit && !value} aria-describedby={!value ? 'hint' : undefined}>
        Send
      </button>
      <SubmitHint id="hint" missing={value ? [] : ['Card number', 'Security check']} />
      <output>{sent}</output>
    </form>
  );
}

function renderForm(props: Parameters<typeof Form>[0] = {}, lng: 'en' | 'nl' = 'en') {
  return render(
    <TranslatorProvider translator={createTestI18n(lng)}>
      <Form {...props} />
    </TranslatorProvider>,
  );
}

describe('ErrorSummary', () => {
  it('shows nothing before a submit, then the problems with links, takes focus and prefixes the title', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe('Check your balance');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(screen.getByRole('heading', { level: 2, name: 'There is a problem' })).toBeTruthy();
    expect(document.title).toBe('Error: Check your balance');
    // The link moves focus to the field, not only the scroll position.
    await user.click(screen.getByRole('link', { name: 'Enter your card number.' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    // Fixed: the summary and the prefix go.
    await user.keyboard('1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe('Check your balance');
  });

  it('changes only by losing what gets fixed until the next submit (no announcement per keystroke)', async () => {
    const user = userEvent.setup();
    renderForm({ refusal: 'Too many attempts.' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const items = () => screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items()).toEqual(['Enter your card number.', 'Too many attempts.']);
    await user.click(screen.getByRole('link', { name: 'Enter your card number.' }));
    // Fixing one removes it; a problem that comes up while typing waits for the submit.
    await user.keyboard('x');
    expect(items()).toEqual(['Too many attempts.']);
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(items()).toEqual(['Use digits only.', 'Too many attempts.']);
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('takes focus again on a second submit with the same problems', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    act(() => screen.getByLabelText('Card number').focus());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('lists a refusal about no field without a link, and says "Fout:" in Dutch', async () => {
    const user = userEvent.setup();
    renderForm({ refusal: 'Too many attempts.' }, 'nl');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('heading', { name: 'Er is een probleem' })).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Enter your card number.', 'Too many attempts.']);
    expect(items[1]!.querySelector('a')).toBeNull();
    expect(document.title).toBe('Fout: Check your balance');
  });

  it('unmounting removes the title prefix', async () => {
    const user = userEvent.setup();
    const view = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.title).toBe('Error: Check your balance');
    view.unmount();
    expect(document.title).toBe('Check your balance');
  });
});

describe('SubmitHint and Enter with a disabled submit', () => {
  it('describes the disabled button by a visible text naming what is missing', () => {
    renderForm({ disableSubmit: true });
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const hint = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Still needed: Card number and Security check.');
  });

  it('Enter in a field of an incomplete form shows the summary instead of doing nothing', async () => {
    const user = userEvent.setup();
    renderForm({ disableSubmit: true });
    await user.click(screen.getByLabelText('Card number'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(screen.getByRole('link', { name: 'Enter your card number.' })).toBeTruthy();
  });

  it('Enter in a complete form still submits it', async () => {
    const user = userEvent.setup();
    renderForm({ disableSubmit: true });
    await user.type(screen.getByLabelText('Card number'), '5{Enter}');
    expect(screen.getByRole('status').textContent).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
