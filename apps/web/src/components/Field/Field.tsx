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
export function describedBy(ids: FieldIds, help: ReactNode, error: ReactNode, refusedBy?: string): string | undefined {
  return [help ? ids.help : null, error ? ids.error : null, refusedBy ?? null].filter(Boolean).join(' ') || undefined;
}

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
    </div>
  );
}
