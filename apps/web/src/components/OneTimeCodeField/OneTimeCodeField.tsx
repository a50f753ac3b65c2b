import { forwardRef, useId, useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { ONE_TIME_CODE_LENGTH } from '@tessera/contracts';
import { FieldMessages, describedBy } from '../Field/Field';
import fieldStyles from '../Field/Field.module.css';
import styles from './OneTimeCodeField.module.css';

/** An empty code of `length` boxes. */
export function emptyCode(length: number = ONE_TIME_CODE_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

/** True when every box holds a digit. */
export function isCompleteCode(boxes: readonly string[]): boolean {
  return boxes.length > 0 && boxes.every((box) => /^\d$/.test(box));
}

/**
 * What a paste (or the phone's one-time-code autofill) puts in the boxes
 * (docs/product/common.md#one-time-codes): spaces are dropped (an SMS often reads "123 456"), every
 * other character that is not a digit becomes 0.
 */
export function digitsOfPaste(text: string): string[] {
  return [...text.replace(/\s+/g, '')].map((char) => (/^\d$/.test(char) ? char : '0'));
}

interface OneTimeCodeFieldProps {
  /** The group's visible label. */
  label: ReactNode;
  /** One entry per box: '' or one digit. Its length is the number of boxes. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  help?: ReactNode;
  /** Shown under the boxes, announced, and marks every box invalid. */
  error?: ReactNode;
  name?: string;
  disabled?: boolean;
  /** The first box's id, for an error summary to link to. */
  id?: string;
}

/**
 * One-time code field of N single-character boxes (docs/product/common.md#one-time-codes):
 * - each box takes one digit and moves on to the next; letters (and 'e', which a number input
 *   would accept) are not taken;
 * - a paste spreads its characters over the boxes, non-digits becoming 0: a whole code fills
 *   from the first box, a shorter piece from the box it is pasted in;
 * - Backspace in an empty box moves back to the previous box and deletes its digit, so it
 *   deletes backwards as in one text field; the arrow keys, Home and End move between boxes;
 * - the first box carries autocomplete="one-time-code", so a phone can offer the code from the
 *   SMS; that autofill puts the whole code into one box and is spread like a paste.
 * For assistive technology it is a group named by the label; each box is "digit 1 of 6" etc.,
 * and the help and error texts describe every box.
 */
export const OneTimeCodeField = forwardRef<HTMLInputElement, OneTimeCodeFieldProps>(function OneTimeCodeField(
  { label, value, onChange, help, error, name = 'otc', disabled = false, id },
  ref,
) {
  const { t } = useTranslation();
  const base = useId();
  const ids = { label: `${base}-label`, help: `${base}-help`, error: `${base}-error` };
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const count = value.length;
  // The ref is the first box: a form moves focus there when the server refused the code.
  useImperativeHandle(ref, () => inputs.current[0]!, []);

  const focusBox = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(count - 1, index))];
    if (!input) return;
    input.focus();
    input.select();
  };

  /** Writes `digits` into the boxes from `start` on and moves to the box after the last one. */
  const spread = (start: number, digits: string[]) => {
    if (!digits.length) return;
    const from = digits.length >= count ? 0 : start;
    const next = [...value];
    const taken = digits.slice(0, count - from);
    taken.forEach((digit, i) => {
      next[from + i] = digit;
    });
    onChange(next);
    focusBox(from + taken.length);
  };

  const setBox = (index: number, digit: string) => {
    const next = [...value];
    next[index] = digit;
    onChange(next);
  };

  const onInput = (index: number, raw: string) => {
    const old = value[index] ?? '';
    if (raw === '') {
      if (old !== '') setBox(index, '');
      return;
    }
    // Typing into a filled box whose content was not selected leaves two characters: keep the new one.
    const typed = raw.length === 2 && old && raw.includes(old) ? (raw[0] === old ? raw[1]! : raw[0]!) : raw;
    if (typed.length > 1) {
      spread(index, digitsOfPaste(typed));
      return;
    }
    if (!/^\d$/.test(typed)) return;
    setBox(index, typed);
    if (index < count - 1) focusBox(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'e' || event.key === 'E') {
      event.preventDefault();
      return;
    }
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      setBox(index - 1, '');
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < count - 1) {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(count - 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    spread(index, digitsOfPaste(event.clipboardData.getData('text')));
  };

  const described = describedBy(ids, help, error);

  return (
    <fieldset className={`${fieldStyles.field} ${styles.group}`} disabled={disabled}>
      <legend id={ids.label} className={styles.legend}>
        {label}
      </legend>
      <div className={styles.boxes}>
        {value.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            id={index === 0 ? id : undefined}
            name={index === 0 ? name : undefined}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoCorrect="off"
            spellCheck={false}
            className={`${fieldStyles.input} ${styles.box}`}
            value={digit}
            aria-label={t('otc__digit_label', { index: index + 1, count })}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onFocus={(event) => event.target.select()}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
          />
        ))}
      </div>
      <FieldMessages ids={ids} help={help} error={error} />
    </fieldset>
  );
});
