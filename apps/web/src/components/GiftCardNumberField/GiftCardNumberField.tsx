import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_PLACEHOLDER,
  formatCardNumberInput,
  stripCardNumber,
} from '@tessera/contracts';
import { Field, describedBy } from '../Field/Field';
import fieldStyles from '../Field/Field.module.css';

interface GiftCardNumberFieldProps {
  label: ReactNode;
  /** The number as shown (grouped); use stripCardNumber before sending it. */
  value: string;
  onChange: (formatted: string) => void;
  /** Tooltip text for the information icon (when the brand's informationType is Tooltip). */
  info?: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  name?: string;
  /**
   * Slot for a trailing control next to the input, e.g. the camera scanner button of spec §2.10
   * (a later issue). Whatever it renders gets the field's id through `scannerSlot(inputId)`.
   */
  scannerSlot?: (inputId: string) => ReactNode;
}

/** Count of characters that survive stripping before position `caret`. */
function keptBefore(raw: string, caret: number): number {
  return stripCardNumber(raw.slice(0, caret)).length;
}

/** Position in the formatted value right after its `kept`-th kept character. */
function positionAfter(formatted: string, kept: number): number {
  if (kept === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (formatted[i] !== ' ') seen++;
    if (seen === kept) return i + 1;
  }
  return formatted.length;
}

/**
 * Gift card number (spec §2.2, §5): strips everything but letters and digits and shows the rest in
 * blocks of 4 as the cardholder types, keeping the caret where it was.
 */
export function GiftCardNumberField({ label, value, onChange, info, help, error, name = 'giftCardNumber', scannerSlot }: GiftCardNumberFieldProps) {
  const base = useId();
  const ids = { input: `${base}-input`, help: `${base}-help`, error: `${base}-error` };
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && pendingCaret.current !== null && document.activeElement === input) {
      input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    }
    pendingCaret.current = null;
  }, [value]);

  return (
    <Field ids={ids} label={label} info={info} help={help} error={error}>
      <div className={fieldStyles.control}>
        <input
          ref={inputRef}
          id={ids.input}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={CARD_NUMBER_PLACEHOLDER}
          className={`${fieldStyles.input} ${fieldStyles.mono}`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, help, error)}
          onChange={(event) => {
            const raw = event.target.value;
            const caret = event.target.selectionStart ?? raw.length;
            const kept = Math.min(keptBefore(raw, caret), CARD_NUMBER_MAX_DIGITS);
            const formatted = formatCardNumberInput(stripCardNumber(raw).slice(0, CARD_NUMBER_MAX_DIGITS));
            pendingCaret.current = positionAfter(formatted, kept);
            onChange(formatted);
          }}
        />
        {scannerSlot ? scannerSlot(ids.input) : null}
      </div>
    </Field>
  );
}
