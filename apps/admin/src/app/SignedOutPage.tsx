import { useI18n } from '../lib/i18n';
import { PageHeading } from '../lib/ui/PageHeading';
import { signInHref } from './SignInPage';

export function SignedOutPage() {
  const { t } = useI18n();
  return (
    <div className="plain-page">
      <PageHeading>{t('signedOut.title')}</PageHeading>
      <p>{t('signedOut.intro')}</p>
      <a className="button button--secondary" href={signInHref('/admin/')}>
        {t('signIn.again')}
      </a>
    </div>
  );
}
