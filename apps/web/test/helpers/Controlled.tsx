import { useState, type ReactNode } from 'react';

interface ControlledProps<T> {
  initial: T;
  /** Told of every change, after the field got it back as its value. */
  onChange?: (value: T) => void;
  field: (value: T, onChange: (value: T) => void) => ReactNode;
}

/** A controlled field under test, holding its value in state as the forms do. */
export function Controlled<T>({ initial, onChange, field }: ControlledProps<T>) {
  const [value, setValue] = useState(initial);
  return field(value, (next) => {
    setValue(next);
    onChange?.(next);
  });
}
