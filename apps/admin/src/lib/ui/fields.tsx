import { useQuery } from '@tanstack/react-query';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { brandOptions, brandsQuery } from '../brandsQuery';
import { useI18n } from '../i18n';
import { Button, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text, TextArea, TextField } from 'react-aria-components';

/*
 * React Aria's fields bound to react-hook-form. Validation is the form's (the contracts' zod
 * schemas): React Aria only shows the result, with `aria` behaviour so the browser's own bubbles
 * never show, and ties the message to the field (aria-describedby) so it is read with it.
 */

interface BoundProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** What to say when the value is refused, in the person's language. */
  invalidText: string;
  description?: string;
}

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  invalidText,
  description,
  type = 'text',
  multiline = false,
  autoComplete,
  inputMode,
  maxLength,
}: BoundProps<T> & { type?: 'text' | 'email' | 'tel'; multiline?: boolean; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' | 'text'; maxLength?: number }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      className="field"
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isInvalid={fieldState.invalid}
      validationBehavior="aria"
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
    >
      <Label className="field__label">{label}</Label>
      {multiline ? <TextArea ref={field.ref} className="field__input field__input--area" rows={4} /> : <Input ref={field.ref} className="field__input" />}
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{invalidText}</FieldError>
    </TextField>
  );
}

export interface Option {
  id: string;
  label: string;
}

/** A choice from a short list. `toValue`/`fromValue` map an option's id to the form's value (null for "all"). */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  invalidText,
  options,
  toValue = (id) => id,
  fromValue = (value) => (value as string | null) ?? '',
}: BoundProps<T> & { options: readonly Option[]; toValue?: (id: string) => unknown; fromValue?: (value: unknown) => string }) {
  const { field, fieldState } = useController({ control, name });
  const { t } = useI18n();
  const selected = fromValue(field.value);
  return (
    <Select
      className="field"
      name={field.name}
      // React Aria's own placeholder ("Select an item") follows the browser's language, not the one chosen here.
      placeholder={t('common.choose')}
      selectedKey={selected === '' ? null : selected}
      onSelectionChange={(key) => field.onChange(toValue(String(key)))}
      onBlur={field.onBlur}
      isInvalid={fieldState.invalid}
      validationBehavior="aria"
    >
      <Label className="field__label">{label}</Label>
      <Button ref={field.ref} className="field__input field__select">
        <SelectValue />
        <span aria-hidden="true" className="field__chevron">
          ▾
        </span>
      </Button>
      <FieldError className="field__error">{invalidText}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="listbox__item">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** "All brands" among a brand choice's options. */
const ALL_BRANDS = '*';

/**
 * The choice of one of the caller's brands or of all: all is `all` in the form's values (null in
 * a grant, no brand in a filter).
 */
export function FormBrandSelect<T extends FieldValues>({ all, ...props }: BoundProps<T> & { all: null | undefined }) {
  const { t } = useI18n();
  const brands = useQuery(brandsQuery);
  return (
    <FormSelect
      {...props}
      options={[{ id: ALL_BRANDS, label: t('common.allBrands') }, ...brandOptions(brands.data?.brands)]}
      toValue={(id) => (id === ALL_BRANDS ? all : id)}
      fromValue={(value) => (typeof value === 'string' ? value : ALL_BRANDS)}
    />
  );
}
