import { useEffect, useRef, type ReactNode } from 'react';
import styles from './Alert.module.css';

interface AlertProps {
  tone?: 'danger' | 'warning' | 'success' | 'info';
  children: ReactNode;
  title?: ReactNode;
  /** Extra content such as a retry button. */
  actions?: ReactNode;
  /** Overrides the role the tone gives, e.g. a warning that advises rather than interrupts. */
  role?: 'alert' | 'status';
  /** For fields the message concerns to point at (aria-describedby). */
  id?: string;
  /**
   * Moves focus to the message when it appears (WCAG 2.4.3): after a refused request the submit
   * button was disabled while the request ran, so focus fell to <body>; the message is where the
   * cardholder has to read on, and the next Tab reaches the fields it concerns.
   */
  takeFocus?: boolean;
}

/** Errors and warnings interrupt (role=alert); success and info are announced politely. */
export function Alert({ tone = 'info', title, children, actions, role, id, takeFocus = false }: AlertProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={takeFocus ? -1 : undefined}
      className={`${styles.alert} ${styles[tone]}`}
      role={role ?? (urgent ? 'alert' : 'status')}
    >
      {title ? <p className={styles.title}>{title}</p> : null}
      <div>{children}</div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
