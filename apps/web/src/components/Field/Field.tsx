import type { ReactNode } from 'react';
import { Label } from '../Label/Label';
import styles from './Field.module.css';

export interface FieldIds {
  input: string;
  help: string;
  error: string;
}

/**
 * The ids an input inside a Field should point at with aria-describedby; `refusedBy` is the id of a
 * message outside the field (a refused lookup's alert) that concerns it too.
 */
export function describedBy(ids: Pick<FieldIds, 'help' | 'error'>, help: ReactNode, error: ReactNode, refusedBy?: string): string | undefined {
  return [help ? ids.help : null, error ? ids.error : null, refusedBy ?? null].filter(Boolean).join(' ') || undefined;
}

/**
 * The attributes that tie an input to its Field: its id, invalid while the field has an error or a
 * message outside it refused the value, and described by whichever of them is shown.
 */
export function fieldInputProps(ids: FieldIds, help: ReactNode, error: ReactNode, refusedBy?: string) {
  return {
    id: ids.input,
    'aria-invalid': error || refusedBy ? true : undefined,
    'aria-describedby': describedBy(ids, help, error, refusedBy),
  } as const;
}

/**
 * For what must be typed exactly as it is (codes, card numbers, e-mail addresses, IBANs): the phone
 * neither corrects, capitalises nor spell-checks it.
 */
export const typedAsIs = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** What a form gives a field of one input, whatever the input takes. */
export interface SingleInputFieldProps {
  label: ReactNode;
  /** Tooltip text for the information icon (when the brand's informationType is Tooltip). */
  info?: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  /**
   * The id of a message outside the field that refused its value (a wrong number or code): the
   * field is then marked invalid and described by it.
   */
  refusedBy?: string;
  name?: string;
  /** The input's id (the help and error ids derive from it), for an error summary to link to. */
  id: string;
}

interface FieldProps {
  ids: FieldIds;
  label: ReactNode;
  info?: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}

/**
 * Label, control, help text and error message, wired together for assistive technology. The error
 * is no live region: the form's error summary is the one announcement (docs/accessibility.md#error-summary).
 */
export function Field({ ids, label, info, help, error, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <Label htmlFor={ids.input} info={info}>
        {label}
      </Label>
      {children}
      <FieldMessages ids={ids} help={help} error={error} />
    </div>
  );
}

/** A field's help text and error message, at the ids its inputs are described by. */
export function FieldMessages({ ids, help, error }: { ids: Pick<FieldIds, 'help' | 'error'>; help?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {help ? (
        <p id={ids.help} className={styles.help}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}
