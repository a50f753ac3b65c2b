import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setTitlePrefix } from '../../lib/theme/FlowContext';
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
  const [round, setRound] = useState(0);
  return [round, () => setRound((n) => n + 1)];
}

interface ErrorSummaryProps {
  /** The form's problems now; shown once `round` counts a submit, until none is left. */
  problems: readonly Problem[];
  round: number;
  /** A way out the summary offers, e.g. a retry after a network failure. */
  children?: ReactNode;
}

/**
 * The one error pattern of every form (WCAG 3.3.1, the GOV.UK Design System error summary): at the
 * top of the form, a heading and a list of the problems, each a link that moves focus to its field.
 * A submit that finds problems (Enter in an incomplete form too) or a refusal from the server moves
 * focus to it and prefixes the document title with "Error: " while it shows. It is the one live
 * announcement: field errors under the fields are not live regions.
 */
export function ErrorSummary({ problems, round, children }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const shown = round > 0 && problems.length > 0;
  const prefix = shown ? `${t('generic__error_title_prefix')}: ` : '';
  useEffect(() => {
    setTitlePrefix(prefix);
    return () => setTitlePrefix('');
  }, [prefix]);
  useEffect(() => {
    ref.current?.focus();
  }, [round]);
  if (!shown) return null;
  return (
    <div ref={ref} className={styles.summary} role="alert" tabIndex={-1}>
      <h2>{t('generic__error_summary_title')}</h2>
      <ul>
        {problems.map(({ text, target, id }) => (
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
      {children}
    </div>
  );
}
