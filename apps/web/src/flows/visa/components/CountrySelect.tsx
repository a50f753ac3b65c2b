import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/useTranslation';
import fieldStyles from '../../../components/Field/Field.module.css';
import { countryList, countryName, searchCountries } from './countries';
import styles from '../visa.module.css';

interface CountrySelectProps {
  label: string;
  /** ISO 3166-1 alpha-2 code, or '' when none is chosen. */
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  name?: string;
  /** The input's id, for an error summary to link to. */
  id?: string;
  /** The form's error about the choice, under the field and tied to it (no live region). */
  error?: string | null;
}

/**
 * The searchable country dropdown (docs/product/visa.md#holder-information): an ARIA combobox whose
 * list narrows to the countries whose name (in the page's language: English or Dutch) starts with
 * what is typed. Arrow keys move through the list, Enter chooses, Escape closes and restores the
 * choice.
 */
export function CountrySelect({ label, value, onChange, disabled = false, name, id, error }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const base = useId();
  const ids = { input: id ?? `${base}-input`, list: `${base}-list`, help: `${base}-help`, error: `${base}-error` };
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const all = useMemo(() => countryList(language), [language]);
  const shown = query === null ? countryName(value, language) : query;
  const options = useMemo(() => (query ? searchCountries(all, query) : all), [all, query]);

  const choose = (code: string) => {
    onChange(code);
    setQuery(null);
    setOpen(false);
  };
  const close = () => {
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(Math.max(0, options.findIndex((c) => c.code === value)));
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.min(options.length - 1, Math.max(0, index + step)));
    } else if (event.key === 'Enter') {
      if (open && options[active]) {
        event.preventDefault();
        choose(options[active].code);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      }
    }
  };

  const activeId = open && options[active] ? `${base}-option-${options[active].code}` : undefined;

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={ids.input} className={styles.fieldLabel}>
        {label}
      </label>
      <div className={styles.combo}>
        <input
          ref={inputRef}
          id={ids.input}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={ids.list}
          aria-activedescendant={activeId}
          aria-describedby={error ? `${ids.help} ${ids.error}` : ids.help}
          aria-invalid={error ? true : undefined}
          className={fieldStyles.input}
          value={shown}
          disabled={disabled}
          placeholder={t('visa__country_placeholder')}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <ul id={ids.list} role="listbox" aria-label={label} className={styles.comboList} hidden={!open}>
          {open
            ? options.map((country, index) => (
                <li
                  key={country.code}
                  id={`${base}-option-${country.code}`}
                  role="option"
                  aria-selected={country.code === value}
                  className={`${styles.comboOption} ${index === active ? styles.comboActive : ''}`}
                  // Chosen on mouse down: the input's blur (which closes the list) comes after.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(country.code);
                  }}
                >
                  {country.name}
                </li>
              ))
            : null}
          {open && options.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true" className={styles.comboEmpty}>
              {t('visa__country_none')}
            </li>
          ) : null}
        </ul>
      </div>
      <p id={ids.help} className={fieldStyles.help}>
        {t('visa__country_help')}
      </p>
      {error ? (
        <p id={ids.error} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
