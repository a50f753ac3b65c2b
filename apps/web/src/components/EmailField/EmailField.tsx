import { forwardRef, useId, type ReactNode } from 'react';
import { EMAIL_MAX_LENGTH } from '@tessera/contracts';
import { Field, fieldInputProps, typedAsIs } from '../Field/Field';
import fieldStyles from '../Field/Field.module.css';

interface EmailFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  help?: ReactNode;
  error?: ReactNode;
  name?: string;
  /** The input's id, for an error summary to link to. */
  id?: string;
}

/** An e-mail address field: the phone shows its e-mail keyboard, the browser may fill it in. */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField(
  { label, value, onChange, onBlur, help, error, name = 'email', id },
  ref,
) {
  const base = useId();
  const ids = { input: id ?? `${base}-input`, help: `${base}-help`, error: `${base}-error` };
  return (
    <Field ids={ids} label={label} help={help} error={error}>
      <input
        ref={ref}
        {...fieldInputProps(ids, help, error)}
        {...typedAsIs}
        name={name}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        className={fieldStyles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
});
