import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { Spinner } from '../Spinner/Spinner';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'retry';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** While set the button shows a spinner, is busy and cannot be pressed again. */
  loading?: boolean;
  children: ReactNode;
  /** React 19 passes it as a prop; it reaches the <button> with the rest. */
  ref?: Ref<HTMLButtonElement>;
}

/** docs/product/common.md#page-shell buttons: default, loading and retry. */
export function Button({ variant = 'primary', loading = false, disabled, children, className, type = 'button', ...rest }: ButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      {...rest}
      type={type}
      className={[styles.button, styles[variant], className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner /> : variant === 'retry' ? <RetryIcon /> : null}
      <span>{children}</span>
      {loading ? <span className="visually-hidden">{t('button__loading')}</span> : null}
    </button>
  );
}

function RetryIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="18" height="18">
      <path
        d="M16 10a6 6 0 1 1-1.76-4.24M16 3.5v3.5h-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
