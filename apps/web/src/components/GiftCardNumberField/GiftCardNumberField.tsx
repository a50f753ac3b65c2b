import { lazy, Suspense, useSyncExternalStore } from 'react';
import {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_PLACEHOLDER,
  formatCardNumberInput,
  stripCardNumber,
} from '@tessera/contracts';
import { Field, fieldInputProps, type SingleInputFieldProps, typedAsIs } from '../Field/Field';
import fieldStyles from '../Field/Field.module.css';
import { useFlowContext } from '../../lib/theme/FlowContext';
import { caretAfterGrouping, useCaretKeeper } from '../../lib/groupedInput';

// The scan button, and when pressed the scanner, load on demand: neither is in the first screen
// (docs/decisions/012-card-scanner.md).
const ScanButton = lazy(() => import('../CardScanner/ScanButton'));

interface GiftCardNumberFieldProps extends SingleInputFieldProps {
  /** The number as shown (grouped); use stripCardNumber before sending it. */
  value: string;
  onChange: (formatted: string) => void;
  onBlur?: () => void;
  /**
   * Input purpose (WCAG 1.3.5). 'off' for gift cards: the browser's card autofill only knows the
   * cardholder's bank cards, none of which is the gift card, so offering them would be wrong
   * (docs/accessibility.md#input-purpose). The VISA flow's prepaid Visa card is a payment card:
   * 'cc-number' there.
   */
  autoComplete?: 'off' | 'cc-number';
}

/**
 * Gift card number (docs/product/common.md#card-numbers): strips everything but letters and digits
 * and shows the rest in blocks of 4 as the cardholder types, keeping the caret where it was. Where
 * the brand offers scanning in the current flow (theme.scanningFlows,
 * docs/product/common.md#scanner) a scan button sits beside it; a scanned number arrives through
 * `onChange`, grouped like a typed one.
 */
const noSubscription = () => () => undefined;

/**
 * The scan button joins once the page is the browser's: it is not part of a server-rendered page.
 * Hydrated as a lazy part of that page, it failed to match (React #418) after a language switch
 * and a reload on a phone, with the same text on both sides; left out of the server's markup, it
 * has nothing to match. A camera needs the browser anyway.
 */
const useInBrowser = () => useSyncExternalStore(noSubscription, () => true, () => false);

export function GiftCardNumberField({ label, value, onChange, onBlur, info, help, error, refusedBy, name = 'giftCardNumber', id, autoComplete = 'off' }: GiftCardNumberFieldProps) {
  const flow = useFlowContext();
  const ids = { input: id, help: `${id}-help`, error: `${id}-error` };
  const { inputRef, pendingCaret } = useCaretKeeper(value);
  const inBrowser = useInBrowser();

  return (
    <Field ids={ids} label={label} info={info} help={help} error={error}>
      <div className={fieldStyles.control}>
        <input
          ref={inputRef}
          {...fieldInputProps(ids, help, error, refusedBy)}
          {...typedAsIs}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={CARD_NUMBER_PLACEHOLDER}
          className={`${fieldStyles.input} ${fieldStyles.mono} ${fieldStyles.cardNumber}`}
          value={value}
          onChange={(event) => {
            const raw = event.target.value;
            const caret = event.target.selectionStart ?? raw.length;
            const formatted = formatCardNumberInput(stripCardNumber(raw).slice(0, CARD_NUMBER_MAX_DIGITS));
            pendingCaret.current = caretAfterGrouping(raw, caret, stripCardNumber, formatted, CARD_NUMBER_MAX_DIGITS);
            onChange(formatted);
          }}
          onBlur={onBlur}
        />
        {inBrowser && flow?.theme.scanningFlows.includes(flow.flow) ? (
          <Suspense>
            <ScanButton inputId={ids.input} onScan={onChange} />
          </Suspense>
        ) : null}
      </div>
    </Field>
  );
}
