import { Link } from 'wouter';
import { useI18n } from '../lib/i18n';
import { PageHeading } from '../lib/ui/PageHeading';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p>{t('notFound.intro')}</p>
      <Link href="/">{t('notFound.home')}</Link>
    </>
  );
}
