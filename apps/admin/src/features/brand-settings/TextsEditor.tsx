import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Button, Checkbox, FieldError, Input, Label, Radio, RadioGroup, SearchField, TextArea, TextField } from 'react-aria-components';
import { useI18n } from '../../lib/i18n';
import type { BrandForm } from './brandForm';

/** Rows on one page of the list: a screenful to read and Tab through; 400 text areas at once would make typing lag. */
export const TEXTS_PAGE_SIZE = 25;

/** A text to jump to (from the problem summary): its language and key. */
export interface TextTarget {
  language: string;
  key: string;
  /** A new object for each jump, so the same text can be jumped to twice. */
  nonce: number;
}

const rowId = (language: string, key: string) => `brand-text-${language}-${key}`;

interface Row {
  key: string;
  fallback: string;
  own: string;
}

/** One key: Tessera's text, the brand's own to edit, and a way back to Tessera's. */
const TextRow = memo(function TextRow({ language, textKey, fallback, own, problem, onText }: { language: string; textKey: string; fallback: string; own: string; problem: string | undefined; onText: (language: string, key: string, text: string) => void }) {
  const { t } = useI18n();
  const row = { key: textKey, fallback, own };
  return (
    <div className="texts__row" data-own={row.own !== '' || undefined}>
      <div className="texts__key mono">
        {row.key}
        {row.own !== '' && <span className="badge">{t('brand.texts.own')}</span>}
      </div>
      <div className="texts__default">
        <span className="visually-hidden">{t('brand.texts.default')}: </span>
        {row.fallback}
      </div>
      <TextField className="field texts__own" value={row.own} onChange={(text) => onText(language, row.key, text)} isInvalid={problem !== undefined} validationBehavior="aria">
        <Label className="visually-hidden">{t('brand.texts.ownFor', { key: row.key })}</Label>
        <TextArea id={rowId(language, row.key)} className="field__input field__input--area texts__area" rows={2} />
        <FieldError className="field__error">{problem}</FieldError>
      </TextField>
      {row.own !== '' && (
        <Button className="button button--quiet texts__reset" aria-label={t('brand.texts.resetFor', { key: row.key })} onPress={() => onText(language, row.key, '')}>
          {t('brand.texts.reset')}
        </Button>
      )}
    </div>
  );
});

/**
 * The brand's texts in one language: every key Tessera has, its own text beside it, and the
 * brand's text to edit (empty: Tessera's is used). A search filters keys and both texts as one
 * types; the list is paged (docs/decisions/045). Only texts that differ from Tessera's are sent.
 */
export function TextsEditor({
  control,
  defaults,
  problems,
  target,
}: {
  control: Control<BrandForm>;
  defaults: Record<string, Record<string, string>>;
  /** Problems the server answered, by `{language}.{key}`. */
  problems: ReadonlyMap<string, string>;
  target: TextTarget | null;
}) {
  const { t } = useI18n();
  const { field } = useController({ control, name: 'translations' });
  const translations = useMemo(() => (field.value ?? {}) as Record<string, Record<string, string>>, [field.value]);
  const languages = Object.keys(defaults);
  const [language, setLanguage] = useState(languages[0] ?? 'nl');
  const [search, setSearch] = useState('');
  const [onlyOwn, setOnlyOwn] = useState(false);
  const [page, setPage] = useState(0);
  const query = useDeferredValue(search.trim().toLowerCase());
  const listRef = useRef<HTMLDivElement>(null);

  const rows = useMemo<Row[]>(() => {
    const fallbacks = defaults[language] ?? {};
    const own = translations[language] ?? {};
    return Object.keys(fallbacks)
      .sort()
      .map((key) => ({ key, fallback: fallbacks[key]!, own: own[key] ?? '' }))
      .filter((row) => (!onlyOwn || row.own !== '') && (query === '' || row.key.toLowerCase().includes(query) || row.fallback.toLowerCase().includes(query) || row.own.toLowerCase().includes(query)));
  }, [defaults, translations, language, onlyOwn, query]);
  const pages = Math.max(1, Math.ceil(rows.length / TEXTS_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * TEXTS_PAGE_SIZE, (current + 1) * TEXTS_PAGE_SIZE);

  // A jump from the problem summary: that language, the list filtered to that key, its field focused.
  const [focusWanted, setFocusWanted] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    setLanguage(target.language);
    setSearch(target.key);
    setOnlyOwn(false);
    setPage(0);
    setFocusWanted(rowId(target.language, target.key));
  }, [target]);
  // The row shows once the filter above has applied: focus it then.
  useEffect(() => {
    if (!focusWanted) return;
    const element = document.getElementById(focusWanted);
    if (element) {
      element.focus();
      setFocusWanted(null);
    }
  }, [focusWanted, shown]);

  // Stable across keystrokes (the latest texts read from a ref), so typing in one row renders that row alone.
  const latest = useRef({ translations, onChange: field.onChange });
  useEffect(() => {
    latest.current = { translations, onChange: field.onChange };
  });
  const setText = useCallback((lang: string, key: string, text: string) => {
    const { translations: now, onChange } = latest.current;
    const own = { ...(now[lang] ?? {}) };
    if (text === '') delete own[key];
    else own[key] = text;
    const next = { ...now, [lang]: own };
    latest.current = { translations: next, onChange };
    onChange(next);
  }, []);
  const goTo = (next: number) => {
    setPage(next);
    // The list's first row is where reading goes on; the buttons stay where they are.
    listRef.current?.focus();
  };

  return (
    <div className="texts">
      <div className="texts__filters">
        <RadioGroup className="ways" value={language} onChange={(next) => { setLanguage(next); setPage(0); }} orientation="horizontal">
          <Label className="field__label">{t('brand.texts.language')}</Label>
          <div className="ways__options">
            {languages.map((code) => (
              <Radio key={code} value={code} className="ways__option">
                {t('brand.language', { code: code.toUpperCase() })}
              </Radio>
            ))}
          </div>
        </RadioGroup>
        <SearchField className="field texts__search" value={search} onChange={(next) => { setSearch(next); setPage(0); }}>
          <Label className="field__label">{t('brand.texts.search')}</Label>
          <Input className="field__input" />
        </SearchField>
        <Checkbox className="checkbox" isSelected={onlyOwn} onChange={(next) => { setOnlyOwn(next); setPage(0); }}>
          <span className="checkbox__box checkbox__box--accent" aria-hidden="true" />
          {t('brand.texts.onlyOwn')}
        </Checkbox>
      </div>
      <p role="status" className="results__count">
        {rows.length === 0
          ? t('brand.texts.none')
          : t('brand.texts.count', { from: current * TEXTS_PAGE_SIZE + 1, to: current * TEXTS_PAGE_SIZE + shown.length, total: rows.length })}
      </p>
      {/* Focus lands here after paging, so reading goes on with the new rows. */}
      <div ref={listRef} tabIndex={-1} className="texts__list" aria-label={t('brand.texts.list')} role="group">
        {shown.map((row) => (
          <TextRow key={row.key} language={language} textKey={row.key} fallback={row.fallback} own={row.own} problem={problems.get(`${language}.${row.key}`)} onText={setText} />
        ))}
      </div>
      {pages > 1 && (
        <nav className="pager" aria-label={t('brand.texts.pages')}>
          <Button className="button button--secondary" isDisabled={current === 0} onPress={() => goTo(current - 1)}>
            {t('brand.texts.previous')}
          </Button>
          <span>{t('brand.texts.page', { page: current + 1, pages })}</span>
          <Button className="button button--secondary" isDisabled={current >= pages - 1} onPress={() => goTo(current + 1)}>
            {t('brand.texts.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
