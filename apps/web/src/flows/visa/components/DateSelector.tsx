import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/useTranslation';
import { DATE_SELECTOR_FIRST_YEAR } from '@tessera/contracts';
import fieldStyles from '../../../components/Field/Field.module.css';
import styles from '../visa.module.css';

interface Parts {
  day: string;
  month: string;
  year: string;
}

function partsOf(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) } : { day: '', month: '', year: '' };
}

/** yyyy-mm-dd when all three are chosen and form a real date, else ''. */
export function composeDate({ day, month, year }: Parts): string {
  if (!day || !month || !year) return '';
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : '';
}

interface DateSelectorProps {
  legend: string;
  /** yyyy-mm-dd or ''. */
  value: string;
  /** Called with yyyy-mm-dd once day, month and year are all chosen (and make a date), else ''. */
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Base of the selects' ids (`-day` first), for an error summary to link to. */
  id?: string;
  /** The form's error about the date (say, none chosen at a submit); a day the month lacks wins. */
  error?: string | null;
  /** For tests: the year the list starts from. */
  now?: Date;
}

/**
 * The day/month/year date selector (docs/product/visa.md#holder-information): days 1–31, months
 * 1–12 by name, years from the current year back to 1920. The value is emitted as yyyy-mm-dd only
 * when all three are chosen; a day the month does not have (31 February) says so and emits nothing.
 */
export function DateSelector({ legend, value, onChange, disabled = false, id, error, now = new Date() }: DateSelectorProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const generated = useId();
  const base = id ?? generated;
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const [emitted, setEmitted] = useState(value);
  // A value set from outside (a discarded edit) replaces what is chosen.
  if (value !== emitted) {
    setEmitted(value);
    if (composeDate(parts) !== value) setParts(partsOf(value));
  }

  const update = (patch: Partial<Parts>) => {
    const next = { ...parts, ...patch };
    setParts(next);
    const composed = composeDate(next);
    setEmitted(composed);
    onChange(composed);
  };

  const monthName = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
  const years: number[] = [];
  for (let year = now.getFullYear(); year >= DATE_SELECTOR_FIRST_YEAR; year--) years.push(year);
  const impossible = !!(parts.day && parts.month && parts.year) && !composeDate(parts);
  const errorId = `${base}-error`;
  // Shown as the selects change, tied to them; not a live region (docs/accessibility.md#error-summary).
  const shownError = impossible ? t('visa__date_error') : error;

  const select = (key: keyof Parts, label: string, options: Array<{ value: string; label: string }>) => (
    <div className={styles.datePart}>
      <label htmlFor={`${base}-${key}`} className={styles.datePartLabel}>
        {label}
      </label>
      <select
        id={`${base}-${key}`}
        className={`${fieldStyles.input} ${styles.select}`}
        value={parts[key]}
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
        onChange={(event) => update({ [key]: event.target.value })}
      >
        <option value="">{t('visa__date_choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset className={`${fieldStyles.field} ${styles.fieldset}`}>
      <legend className={styles.fieldLabel}>{legend}</legend>
      <div className={styles.dateParts}>
        {select(
          'day',
          t('visa__date_day'),
          Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
        )}
        {select(
          'month',
          t('visa__date_month'),
          Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName.format(new Date(Date.UTC(2000, i, 1))) })),
        )}
        {select(
          'year',
          t('visa__date_year'),
          years.map((year) => ({ value: String(year), label: String(year) })),
        )}
      </div>
      {shownError ? (
        <p id={errorId} className={fieldStyles.error}>
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}
