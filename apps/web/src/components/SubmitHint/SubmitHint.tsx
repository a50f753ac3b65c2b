import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import styles from './SubmitHint.module.css';

/** Names in the page's language: "A, B en C" / "A, B, and C". */
export function listOf(names: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

interface SubmitHintProps {
  /** Also the id the disabled submit button points at with aria-describedby. */
  id: string;
  /** What is still missing, as the fields' labels name it; empty: nothing is shown. */
  missing: readonly string[];
  /** A reason of its own instead (a refusal to act on, e.g. "choose another passcode"). */
  reason?: string | null;
}

/**
 * Why a submit button is disabled (a form's submit stays disabled until the form is complete;
 * docs/accessibility.md#disabled-submit): a visible text next to it that names what is still
 * missing, tied to the button with aria-describedby. Enter in the form shows the same as an error
 * summary (ErrorSummary).
 */
export function SubmitHint({ id, missing, reason }: SubmitHintProps) {
  const { t, i18n } = useTranslation();
  if (!reason && !missing.length) return null;
  return (
    <p id={id} className={styles.hint}>
      {reason ?? t('generic__submit_missing', { missing: listOf(missing, i18n.language ?? 'nl') })}
    </p>
  );
}

/**
 * The form's onKeyDown where the submit button can be disabled: a disabled default button stops
 * Enter in a field from submitting (HTML implicit submission), so the cardholder would hear
 * nothing. Enter in an input or select submits the form anyway (requestSubmit ignores the button),
 * and the form's onSubmit shows what is missing in its error summary instead of sending.
 */
export function submitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  const { tagName, type } = event.target as HTMLInputElement;
  // A field that used the key itself (a combobox choosing an option) keeps it.
  if (event.defaultPrevented || event.key !== 'Enter' || !(tagName === 'SELECT' || (tagName === 'INPUT' && type !== 'checkbox'))) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}
