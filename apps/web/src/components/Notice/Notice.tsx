import { useTranslation } from '../../lib/useTranslation';
import { useDocumentTitle } from '../../lib/theme/FlowContext';
import styles from './Notice.module.css';

interface NoticeProps {
  title: string;
  text: string;
}

/** A full-page notice with a heading: page unavailable, not found. */
export function Notice({ title, text }: NoticeProps) {
  useDocumentTitle(title);
  return (
    <section className={styles.notice} aria-labelledby="notice-title">
      <h1 id="notice-title">{title}</h1>
      <p>{text}</p>
    </section>
  );
}

/**
 * The theme's page-unavailable notice (docs/product/common.md#page-availability): the brand does
 * not offer this flow.
 */
export function PageUnavailableNotice() {
  const { t } = useTranslation();
  return <Notice title={t('generic__page_unavailable_title')} text={t('generic__page_unavailable_text')} />;
}

export function NotFoundNotice() {
  const { t } = useTranslation();
  return <Notice title={t('generic__not_found_title')} text={t('generic__not_found_text')} />;
}

export function BrandNotFoundNotice() {
  const { t } = useTranslation();
  return <Notice title={t('generic__brand_not_found_title')} text={t('generic__brand_not_found_text')} />;
}
