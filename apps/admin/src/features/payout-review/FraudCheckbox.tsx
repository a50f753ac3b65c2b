import { Checkbox } from 'react-aria-components';
import { useController, type Control, type FieldValues } from 'react-hook-form';

/** The rejection's `fraud` flag as a checkbox bound to the form (React Aria: a real input, Space toggles it). */
export function FraudCheckbox({ control, label }: { control: Control<FieldValues>; label: string }) {
  const { field } = useController({ control, name: 'fraud' });
  return (
    <Checkbox className="checkbox" name={field.name} isSelected={field.value === true} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref}>
      <span className="checkbox__box" aria-hidden="true" />
      {label}
    </Checkbox>
  );
}
