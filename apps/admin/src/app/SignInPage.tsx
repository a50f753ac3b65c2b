import { adminAuth } from '@tessera/contracts/admin';
import { useI18n } from '../lib/i18n';
import { PageHeading } from '../lib/ui/PageHeading';

/** Where signing in starts, returning to `returnTo` (a path of the back office) afterwards. */
export const signInHref = (returnTo: string) => adminAuth.login.build(undefined, { returnTo });

/**
 * No session (never signed in, or it ended). A full navigation to the sign-in: the identity
 * provider's pages are not the app's.
 */
export function SignInPage({ returnTo, expired }: { returnTo: string; expired: boolean }) {
  const { t } = useI18n();
  return (
    <div className="plain-page">
      <PageHeading>{t('signIn.title')}</PageHeading>
      <p>{expired ? t('signIn.expired') : t('signIn.intro')}</p>
      <a className="button button--primary" href={signInHref(returnTo)}>
        {t('signIn.button')}
      </a>
    </div>
  );
}
