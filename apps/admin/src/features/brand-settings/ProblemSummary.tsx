import { forwardRef } from 'react';
import { Button } from 'react-aria-components';
import { useI18n } from '../../lib/i18n';

export interface SummaryItem {
  id: string;
  /** What the problem is at: a field's label, a text's key and language. */
  where: string;
  message: string;
  /** Takes the person to the field (another tab if need be) and focuses it; absent for a problem of no one field. */
  go?: () => void;
}

/**
 * What stops the draft from being saved, above the tabs: announced when it shows (role alert) and
 * focused, each problem a button to its field. The same problems show beside their fields.
 */
export const ProblemSummary = forwardRef<HTMLDivElement, { items: readonly SummaryItem[] }>(function ProblemSummary({ items }, ref) {
  const { t } = useI18n();
  if (items.length === 0) return null;
  return (
    <div ref={ref} className="problem-summary" role="alert" tabIndex={-1} aria-labelledby="brand-problems-title">
      <h2 id="brand-problems-title" className="problem-summary__title">
        {t('brand.problems.title', { count: items.length })}
      </h2>
      <ul className="problem-summary__list">
        {items.map((item) => (
          <li key={item.id}>
            {item.go ? (
              <Button className="link-button" onPress={item.go}>
                {item.where}: {item.message}
              </Button>
            ) : (
              <span>
                {item.where}: {item.message}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
});
