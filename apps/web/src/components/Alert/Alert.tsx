import type { ReactNode } from 'react';
import styles from './Alert.module.css';

interface AlertProps {
  tone?: 'danger' | 'warning' | 'success' | 'info';
  children: ReactNode;
  title?: ReactNode;
  /** Extra content such as a retry button. */
  actions?: ReactNode;
  /** Overrides the role the tone gives, e.g. a warning that advises rather than interrupts. */
  role?: 'alert' | 'status';
}

/** Errors and warnings interrupt (role=alert); success and info are announced politely. */
export function Alert({ tone = 'info', title, children, actions, role }: AlertProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={role ?? (urgent ? 'alert' : 'status')}>
      {title ? <p className={styles.title}>{title}</p> : null}
      <div>{children}</div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
