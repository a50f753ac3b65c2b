import { forwardRef } from 'react';
import { Field, fieldInputProps, type SingleInputFieldProps, typedAsIs } from '../Field/Field';
import fieldStyles from '../Field/Field.module.css';

interface PinCodeFieldProps extends SingleInputFieldProps {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}

/**
 * The card's security code, typed as a password (docs/product/common.md#secrets PIN code field),
 * and the VISA passcode at login. Both are a secret the cardholder already has:
 * autocomplete=current-password (WCAG 1.3.5), so a password manager can offer or keep it.
 */
export const PinCodeField = forwardRef<HTMLInputElement, PinCodeFieldProps>(function PinCodeField(
  { label, value, onChange, info, help, error, refusedBy, name = 'pinCode', maxLength = 32, id },
  ref,
) {
  const ids = { input: id, help: `${id}-help`, error: `${id}-error` };
  return (
    <Field ids={ids} label={label} info={info} help={help} error={error}>
      <input
        ref={ref}
        {...fieldInputProps(ids, help, error, refusedBy)}
        {...typedAsIs}
        name={name}
        type="password"
        autoComplete="current-password"
        maxLength={maxLength}
        className={`${fieldStyles.input} ${fieldStyles.mono}`}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
      />
    </Field>
  );
});
