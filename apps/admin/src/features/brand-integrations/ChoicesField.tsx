import { Checkbox, CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import { boundFieldProps } from '../../lib/ui/fields';

/**
 * Several choices as checkboxes bound to a form field holding their list (React Aria: one group
 * with its label, each a real checkbox that Space toggles; an error is tied to the group).
 */
export function ChoicesField({
  control,
  name,
  label,
  description,
  invalidText,
  choices,
}: {
  control: Control<FieldValues>;
  name: string;
  label: string;
  description?: string;
  invalidText: string;
  choices: readonly string[];
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <CheckboxGroup
      className="field choices"
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      {...boundFieldProps(field, fieldState)}
    >
      <Label className="field__label">{label}</Label>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <div className="choices__list">
        {choices.map((choice) => (
          <Checkbox key={choice} value={choice} className="checkbox checkbox--choice">
            <span className="checkbox__box" aria-hidden="true" />
            <span className="mono">{choice}</span>
          </Checkbox>
        ))}
      </div>
      <FieldError className="field__error">{invalidText}</FieldError>
    </CheckboxGroup>
  );
}
