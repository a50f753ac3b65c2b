import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { DEFAULT_ERROR_CODE } from '@tessera/contracts';
import styles from './ErrorPage.module.css';

interface ErrorPageProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Error code shown to quote to support; F110 by default (docs/product/common.md#page-shell). */
  code?: string;
  /** Reference of a reported crash. */
  errorId?: string;
  /** When set, a link back to it is shown. */
  returnUrl?: string;
  /** Makes the title the page's h1 (default) or an h2 inside another page. */
  headingLevel?: 1 | 2;
}

/** The generic error page (docs/product/common.md#page-shell). */
export function ErrorPage({ title, message, code = DEFAULT_ERROR_CODE, errorId, returnUrl, headingLevel = 1 }: ErrorPageProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.page} aria-labelledby="error-page-title">
      <svg className={styles.icon} aria-hidden="true" focusable="false" viewBox="0 0 48 48" width="48" height="48">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2.4" fill="currentColor" />
      </svg>
      <Heading id="error-page-title">{title ?? t('generic__error_Title')}</Heading>
      <p>{message ?? t('generic__error_text')}</p>
      <p className={styles.code}>{t('generic__error_code', { code })}</p>
      {errorId ? <p className={styles.code}>{t('generic__error_id', { id: errorId })}</p> : null}
      {returnUrl ? (
        <p>
          <a className={styles.back} href={returnUrl}>
            {t('generic__back_home')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
