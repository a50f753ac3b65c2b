import { useId } from 'react';
import { useController, type Control, type FieldError as FormError } from 'react-hook-form';
import { Checkbox, CheckboxGroup, Input, Label, NumberField, TextArea, TextField } from 'react-aria-components';
import { useI18n } from '../../lib/i18n';
import { boundFieldProps, FieldMessages, FormSelect, type Option } from '../../lib/ui/fields';
import type { BrandForm } from './brandForm';

/*
 * The settings form's fields, bound to react-hook-form by the brand file's dotted path. Each shows
 * its problem beside it: the server's own sentence for a problem it answered (INVALID_BRAND), else
 * the field's own text for what the contract's schema refused in the browser.
 */

type FormControl = Control<BrandForm>;
// The file's paths as the form names them: typed loosely, since the server's problem paths are strings too.
type Name = Parameters<typeof useController<BrandForm>>[0]['name'];

interface FieldProps {
  control: FormControl;
  name: string;
  label: string;
  description?: string;
  /** What to say when the browser's check refuses the value. */
  invalidText?: string;
}

export function problemText(error: FormError | undefined, fallback: string | undefined, generic: string): string {
  if (!error) return '';
  if (error.type === 'server' && error.message) return error.message;
  return fallback ?? error.message ?? generic;
}

function useField(control: FormControl, name: string) {
  return useController({ control, name: name as Name });
}

export function BrandTextField({ control, name, label, description, invalidText, multiline = false, type = 'text' }: FieldProps & { multiline?: boolean; type?: 'text' | 'url' }) {
  const { t } = useI18n();
  const { field, fieldState } = useField(control, name);
  return (
    <TextField
      className="field"
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      {...boundFieldProps(field, fieldState)}
      type={type}
      autoComplete="off"
    >
      <Label className="field__label">{label}</Label>
      {multiline ? <TextArea ref={field.ref} className="field__input field__input--area" rows={4} /> : <Input ref={field.ref} className="field__input" />}
      <FieldMessages description={description} problem={problemText(fieldState.error, invalidText, t('brand.invalid'))} />
    </TextField>
  );
}

/** A yes/no setting. Its problem, if any, is tied to it by aria-describedby. */
export function BrandCheckbox({ control, name, label, description }: FieldProps) {
  const { t } = useI18n();
  const { field, fieldState } = useField(control, name);
  const id = useId();
  const described = [description ? `${id}-description` : '', fieldState.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field field--checkbox">
      <Checkbox
        className="checkbox"
        name={field.name}
        isSelected={field.value === true}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        isInvalid={fieldState.invalid}
        aria-describedby={described}
      >
        <span className="checkbox__box checkbox__box--accent" aria-hidden="true" />
        {label}
      </Checkbox>
      {description && (
        <p id={`${id}-description`} className="field__description">
          {description}
        </p>
      )}
      {fieldState.error && (
        <p id={`${id}-error`} className="field__error">
          {problemText(fieldState.error, undefined, t('brand.invalid'))}
        </p>
      )}
    </div>
  );
}

/** One of a short list; `toValue` turns the chosen id into the file's value (a number for the information type). */
export function BrandSelect({ control, name, label, description, options, toValue }: FieldProps & { options: readonly Option[]; toValue?: (id: string) => unknown }) {
  const { t } = useI18n();
  return (
    <FormSelect
      control={control}
      name={name as Name}
      label={label}
      description={description}
      invalidText={(error) => problemText(error, undefined, t('brand.invalid'))}
      options={options}
      toValue={toValue}
      fromValue={(value) => (value === null || value === undefined ? '' : String(value as string | number))}
    />
  );
}

/**
 * A whole number, or an amount of money in the brand's currency shown in its major unit (2,50)
 * and kept in minor units (250) as the file keeps it. `nullable`: a rule that may be switched off
 * (an empty field is off).
 */
export function BrandNumberField({
  control,
  name,
  label,
  description,
  invalidText,
  currency,
  minValue = 0,
  maxValue,
}: FieldProps & { currency?: string; minValue?: number; maxValue?: number }) {
  const { t } = useI18n();
  const { field, fieldState } = useField(control, name);
  const minor = field.value as number | null | undefined;
  const shown = minor === null || minor === undefined ? Number.NaN : currency ? minor / 100 : minor;
  return (
    <NumberField
      className="field field--number"
      value={shown}
      onChange={(value) => field.onChange(Number.isNaN(value) ? null : currency ? Math.round(value * 100) : Math.round(value))}
      {...boundFieldProps(field, fieldState)}
      minValue={minValue}
      maxValue={maxValue}
      formatOptions={currency ? { style: 'currency', currency } : { maximumFractionDigits: 0 }}
    >
      <Label className="field__label">{label}</Label>
      <Input ref={field.ref} className="field__input" />
      <FieldMessages description={description} problem={problemText(fieldState.error, invalidText, t('brand.invalid'))} />
    </NumberField>
  );
}

/** Several of a short list (languages, flows): a group of checkboxes with one label and one problem. */
export function BrandCheckboxGroup({ control, name, label, description, options }: FieldProps & { options: readonly Option[] }) {
  const { t } = useI18n();
  const { field, fieldState } = useField(control, name);
  return (
    <CheckboxGroup
      className="field checkbox-group"
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      {...boundFieldProps(field, fieldState)}
    >
      <Label className="field__label">{label}</Label>
      <div className="checkbox-group__options">
        {options.map((option, index) => (
          <Checkbox key={option.id} value={option.id} className="checkbox" inputRef={index === 0 ? field.ref : undefined}>
            <span className="checkbox__box checkbox__box--accent" aria-hidden="true" />
            {option.label}
          </Checkbox>
        ))}
      </div>
      <FieldMessages description={description} problem={problemText(fieldState.error, undefined, t('brand.invalid'))} />
    </CheckboxGroup>
  );
}

/** A list of short values (origins) as a text area, one a line; empty lines drop out. */
export function BrandLinesField({ control, name, label, description }: FieldProps) {
  const { t } = useI18n();
  const { field, fieldState } = useField(control, name);
  const lines = (field.value as string[] | undefined) ?? [];
  return (
    <TextField
      className="field"
      name={field.name}
      // Kept as typed while typing (a trailing new line stays); the list drops blank lines.
      value={lines.join('\n')}
      onChange={(text) => field.onChange(text.split('\n').map((line) => line.trim()).filter((line, index, all) => line !== '' || index === all.length - 1))}
      onBlur={() => {
        field.onChange(lines.filter((line) => line !== ''));
        field.onBlur();
      }}
      isInvalid={fieldState.invalid}
      validationBehavior="aria"
    >
      <Label className="field__label">{label}</Label>
      <TextArea ref={field.ref} className="field__input field__input--area" rows={3} />
      <FieldMessages description={description} problem={problemText(fieldState.error, undefined, t('brand.invalid'))} />
    </TextField>
  );
}
