import { useId, type ReactNode, type Ref } from 'react';
import { formatIban } from '@tessera/contracts';
import { Label } from '../Label/Label';
import { typedAsIs } from '../Field/Field';
import fieldStyles from '../Field/Field.module.css';
import { caretAfterGrouping, useCaretKeeper } from '../../lib/groupedInput';
import { cleanIbanInput } from './ibanCheck';
import styles from './IbanField.module.css';

export interface IbanMessage {
  text: ReactNode;
  /** error: the IBAN is wrong; warning: the IBAN may be right, but it cannot be used here. */
  tone: 'error' | 'warning';
}

interface IbanFieldProps {
  label: ReactNode;
  /** The IBAN as kept: letters and digits only, upper case (cleanIbanInput). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Always shown under the field (an example of the format). */
  help?: ReactNode;
  /** The bank recognised from the bank code; announced politely when it appears. */
  bank?: ReactNode;
  message?: IbanMessage | null;
  name?: string;
  /** The input's id, for an error summary to link to. */
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The IBAN input (docs/product/payout.md#iban): spaces stripped, upper case, shown in groups of 4
 * as the cardholder types, with the caret kept where it was. The rules live in ibanCheck.ts; the
 * screen decides which message to show. The recognised bank is a polite live region; a message is
 * no live region, as no field's error is: the form's error summary announces it.
 */
export function IbanField({ label, value, onChange, onBlur, help, bank, message, name = 'iban', id, ref }: IbanFieldProps) {
  const base = useId();
  const ids = { input: id ?? `${base}-input`, help: `${base}-help`, bank: `${base}-bank`, message: `${base}-message` };
  const { inputRef, pendingCaret } = useCaretKeeper(value);

  const setRefs = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const describedBy = [help ? ids.help : null, bank ? ids.bank : null, message ? ids.message : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={fieldStyles.field}>
      <Label htmlFor={ids.input}>{label}</Label>
      <input
        ref={setRefs}
        id={ids.input}
        name={name}
        {...typedAsIs}
        type="text"
        inputMode="text"
        autoComplete="off"
        // After typedAsIs: an IBAN's letters are capitals.
        autoCapitalize="characters"
        className={`${fieldStyles.input} ${fieldStyles.mono}`}
        value={formatIban(value)}
        aria-invalid={message?.tone === 'error' ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const raw = event.target.value;
          const caret = event.target.selectionStart ?? raw.length;
          const cleaned = cleanIbanInput(raw);
          pendingCaret.current = caretAfterGrouping(raw, caret, cleanIbanInput, formatIban(cleaned), cleaned.length);
          onChange(cleaned);
        }}
        onBlur={onBlur}
      />
      {help ? (
        <p id={ids.help} className={fieldStyles.help}>
          {help}
        </p>
      ) : null}
      <p id={ids.bank} className={styles.bank} aria-live="polite">
        {bank}
      </p>
      {message ? (
        <p id={ids.message} className={message.tone === 'error' ? fieldStyles.error : styles.warning}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
