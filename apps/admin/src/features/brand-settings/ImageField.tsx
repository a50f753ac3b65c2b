import { useId, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Button, FileTrigger } from 'react-aria-components';
import { MAX_BRAND_IMAGE_BYTES } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { problemText } from './BrandFields';
import type { BrandForm } from './brandForm';

/** The image types the brand file takes, and the e-mail logo's (mail clients show no SVG or WebP). */
export const IMAGE_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const EMAIL_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

/** A file read in the browser as a data: URL: the draft takes new images this way. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('not readable'));
    reader.readAsDataURL(file);
  });
}

type Name = Parameters<typeof useController<BrandForm>>[0]['name'];

/**
 * One image of the brand: what it is now (or that there is none), a button that opens the
 * browser's file chooser (a real button: Enter or Space opens it), and one that removes it. A file
 * of another type or over 2 MB is refused here, before anything is sent; the server checks again
 * (and checks what the browser cannot: an SVG's content).
 */
export function ImageField({ control, name, label, types, removable = true }: { control: Control<BrandForm>; name: string; label: string; types: readonly string[]; removable?: boolean }) {
  const { t } = useI18n();
  const { field, fieldState } = useController({ control, name: name as Name });
  const [refused, setRefused] = useState<string | null>(null);
  const id = useId();
  const url = (field.value as string | null | undefined) ?? null;
  const typeNames = types.map((type) => type.replace('image/', '').replace('+xml', '').toUpperCase()).join(', ');
  const problem = refused ?? (fieldState.error ? problemText(fieldState.error, undefined, t('brand.invalid')) : null);
  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!types.includes(file.type)) return setRefused(t('brand.image.wrongType', { name: file.name, types: typeNames }));
    if (file.size > MAX_BRAND_IMAGE_BYTES) return setRefused(t('brand.image.tooLarge', { name: file.name }));
    setRefused(null);
    field.onChange(await readAsDataUrl(file));
  };
  return (
    <fieldset className="image-field" aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}>
      <legend className="field__label">{label}</legend>
      <div className="image-field__body">
        <div className="image-field__current">
          {url ? <img src={url} alt={t('brand.image.current', { label })} className="image-field__image" /> : <p className="image-field__none">{t('brand.image.none')}</p>}
        </div>
        <div className="image-field__controls">
          <FileTrigger acceptedFileTypes={types} onSelect={(files) => void choose(files)}>
            <Button ref={field.ref} className="button button--secondary" aria-label={t('brand.image.chooseFor', { label })}>
              {url ? t('brand.image.replace') : t('brand.image.choose')}
            </Button>
          </FileTrigger>
          {removable && url && (
            <Button className="button button--quiet" aria-label={t('brand.image.removeFor', { label })} onPress={() => field.onChange(null)}>
              {t('brand.image.remove')}
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="field__description">
        {t('brand.image.hint', { types: typeNames })}
        {url?.startsWith('data:') && ` ${t('brand.image.unsaved')}`}
      </p>
      {problem && (
        // A file refused here is announced at once; the server's problems are announced by the summary.
        <p id={`${id}-error`} className="field__error" role={refused ? 'alert' : undefined}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}
