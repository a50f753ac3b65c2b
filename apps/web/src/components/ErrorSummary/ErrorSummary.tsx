import { useEffect, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { setTitlePrefix } from '../../lib/theme/FlowContext';
import { Button } from '../Button/Button';
import styles from './ErrorSummary.module.css';

/** One thing that keeps a form from being sent (docs/accessibility.md#error-summary). */
export interface Problem {
  /** What is wrong or missing; the field concerned says the same under it. */
  text: string;
  /** The id of the control to fix: the summary links to it. None for a refusal about no field. */
  target?: string;
  /** An id for the item, so a field the refusal concerns can be described by it. */
  id?: string;
}

/**
 * Submit attempts that found problems (0: none yet, so nothing shows), and the way to count one.
 * Each count moves focus to the summary again, also when the problems are the same as before.
 */
export function useSubmitRound(): [number, () => void] {
  return useReducer((round: number) => round + 1, 0);
}

/** A ref callback of stable identity: React calls it once, when the summary mounts. */
function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

interface ErrorSummaryProps {
  /**
   * The form's problems now. A submit (`round`) lists them; until the next submit the list only
   * loses what gets fixed: the summary is a live region, and a text that changed or came up while
   * typing would be announced per keystroke (the field shows those, docs/accessibility.md).
   */
  problems: readonly Problem[];
  round: number;
  /** When set, the summary offers "Try again" (after a network failure, say), which calls it. */
  onRetry?: () => void;
  /** Another way out the summary offers, after the retry. */
  children?: ReactNode;
}

/**
 * The one error pattern of every form (WCAG 3.3.1, the GOV.UK Design System error summary): at the
 * top of the form, a heading and a list of the problems, each a link that moves focus to its field.
 * A submit that finds problems (Enter in an incomplete form too) or a refusal from the server moves
 * focus to it and prefixes the document title with "Error: " while it shows. It is the one live
 * announcement: field errors under the fields are not live regions.
 */
export function ErrorSummary({ round, ...rest }: ErrorSummaryProps) {
  // A new summary each submit: it takes the list and moves focus there, also with the same problems.
  return round ? <Summary key={round} {...rest} /> : null;
}

function Summary({ problems, onRetry, children }: Omit<ErrorSummaryProps, 'round'>) {
  const { t } = useTranslation();
  // The texts listed at the submit: from then on the list only loses what gets fixed.
  const [listed] = useState(() => problems.map((problem) => problem.text));
  const shown = problems.filter(({ text }) => listed.includes(text));
  const prefix = shown.length ? `${t('generic__error_title_prefix')}: ` : '';
  useEffect(() => {
    setTitlePrefix(prefix);
    return () => setTitlePrefix('');
  }, [prefix]);
  if (!prefix) return null;
  return (
    <div ref={focusOnMount} className={styles.summary} role="alert" tabIndex={-1}>
      <h2>{t('generic__error_summary_title')}</h2>
      <ul>
        {shown.map(({ text, target, id }) => (
          <li key={text} id={id}>
            {target ? (
              <a
                href={`#${target}`}
                onClick={(event) => {
                  // The field, not only the scroll position: the cardholder types there next.
                  event.preventDefault();
                  document.getElementById(target)?.focus();
                }}
              >
                {text}
              </a>
            ) : (
              text
            )}
          </li>
        ))}
      </ul>
      {onRetry ? (
        <Button variant="retry" onClick={onRetry}>
          {t('generic__retry')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
