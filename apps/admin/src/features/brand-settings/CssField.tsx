import { useEffect, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { FieldError, Label, Text, TextArea, TextField } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n';
import { problemText } from './BrandFields';
import type { BrandForm } from './brandForm';
import { readStylesheet, textAsDataUrl } from './brandSettingsApi';

/**
 * The brand's own stylesheet as text. The file names it by a URL; the text area shows what that
 * URL answers, and once edited the file carries the new text as a data: URL (emptied: no
 * stylesheet). The server refuses CSS that loads anything from elsewhere.
 */
export function CssField({ control }: { control: Control<BrandForm> }) {
  const { t } = useI18n();
  const { field, fieldState } = useController({ control, name: 'customCss' });
  const url = field.value ?? null;
  // What the file's URL answers, fetched once per URL that is not our own edit.
  const [edited, setEdited] = useState<string | null>(null);
  const stored = useQuery({
    queryKey: ['brand-css', url],
    queryFn: () => readStylesheet(url!),
    enabled: url !== null && edited === null,
    staleTime: Infinity,
  });
  // A new file from the server (saved, restored): show its text again.
  useEffect(() => {
    if (url === null || !url.startsWith('data:')) setEdited(null);
  }, [url]);
  const text = edited ?? (url === null ? '' : (stored.data ?? ''));
  return (
    <TextField
      className="field field--wide"
      name={field.name}
      value={text}
      onChange={(next) => {
        setEdited(next);
        field.onChange(next.trim() === '' ? null : textAsDataUrl(next, 'text/css'));
      }}
      onBlur={field.onBlur}
      isInvalid={fieldState.invalid}
      isDisabled={url !== null && edited === null && stored.isPending}
      validationBehavior="aria"
    >
      <Label className="field__label">{t('brand.field.customCss')}</Label>
      <TextArea ref={field.ref} className="field__input field__input--area field__input--code" rows={10} spellCheck={false} />
      <Text slot="description" className="field__description">
        {stored.isError ? t('brand.css.unreadable') : t('brand.css.hint')}
      </Text>
      <FieldError className="field__error">{problemText(fieldState.error, undefined, t('brand.invalid'))}</FieldError>
    </TextField>
  );
}
