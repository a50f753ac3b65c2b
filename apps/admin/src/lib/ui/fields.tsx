import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useController, type Control, type ControllerFieldState, type ControllerRenderProps, type FieldError as FormError, type FieldPath, type FieldValues } from 'react-hook-form';
import { brandOptions, brandsQuery } from '../brandsQuery';
import { useI18n } from '../i18n';
import { Button, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text, TextArea, TextField, type SelectProps } from 'react-aria-components';

/*
 * React Aria's fields bound to react-hook-form. Validation is the form's (the contracts' zod
 * schemas): React Aria only shows the result, with `aria` behaviour so the browser's own bubbles
 * never show, and ties the message to the field (aria-describedby) so it is read with it.
 */

/**
 * What every React Aria field takes from its react-hook-form controller besides its value: its
 * name, blur, invalid state, and `aria` validation (the form validates; the field only shows it).
 */
export function boundFieldProps(field: Pick<ControllerRenderProps, 'name' | 'onBlur'>, fieldState: Pick<ControllerFieldState, 'invalid'>) {
  return { name: field.name, onBlur: field.onBlur, isInvalid: fieldState.invalid, validationBehavior: 'aria' as const };
}

/** A field's description, if it has one, and its problem (shown only while the field is invalid), both tied to it. */
export function FieldMessages({ description, problem }: { description?: string; problem?: string }) {
  return (
    <>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{problem}</FieldError>
    </>
  );
}

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
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      {...boundFieldProps(field, fieldState)}
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
    >
      <Label className="field__label">{label}</Label>
      {multiline ? <TextArea ref={field.ref} className="field__input field__input--area" rows={4} /> : <Input ref={field.ref} className="field__input" />}
      <FieldMessages description={description} problem={invalidText} />
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
  description,
  options,
  toValue = (id) => id,
  fromValue = (value) => (value as string | null) ?? '',
}: Omit<BoundProps<T>, 'invalidText'> & {
  /** Or what to say for the problem the form has with the value (a form whose server answers its own sentences). */
  invalidText: string | ((error: FormError | undefined) => string);
  options: readonly Option[];
  toValue?: (id: string) => unknown;
  fromValue?: (value: unknown) => string;
}) {
  const { field, fieldState } = useController({ control, name });
  const { t } = useI18n();
  const selected = fromValue(field.value);
  return (
    <SelectField
      label={label}
      options={options}
      buttonRef={field.ref}
      description={description}
      problem={typeof invalidText === 'function' ? invalidText(fieldState.error) : invalidText}
      // React Aria's own placeholder ("Select an item") follows the browser's language, not the one chosen here.
      placeholder={t('common.choose')}
      selectedKey={selected === '' ? null : selected}
      onSelectionChange={(key) => field.onChange(toValue(String(key)))}
      {...boundFieldProps(field, fieldState)}
    />
  );
}

/**
 * A select as every choice from a list looks here: its label, a button showing the choice, its
 * description and problem (see FieldMessages), and the options in a popover. Bound to a form or not.
 */
export function SelectField({
  label,
  options,
  buttonRef,
  description,
  problem,
  className = 'field',
  ...props
}: Omit<SelectProps<Option>, 'children' | 'className'> & { label: string; options: readonly Option[]; buttonRef?: Ref<HTMLButtonElement>; description?: string; problem?: string; className?: string }) {
  return (
    <Select className={className} {...props}>
      <Label className="field__label">{label}</Label>
      <Button ref={buttonRef} className="field__input field__select">
        <SelectValue />
        <span aria-hidden="true" className="field__chevron">
          ▾
        </span>
      </Button>
      <FieldMessages description={description} problem={problem} />
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
