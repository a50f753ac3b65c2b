import { Link } from 'wouter';
import { replaceRoutes, resetRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { InfoBlock } from '../../components/InfoBlock/InfoBlock';
import { StepsBlock } from '../../components/StepsBlock/StepsBlock';
import { LookupForm } from './LookupForm';
import { replaceSecret, replaceStore } from './state';
import styles from './replace.module.css';

/**
 * The four steps after this one (docs/product/replace.md#screens "explainer with four further
 * steps").
 */
const STEP_KEYS = ['replace__step_1', 'replace__step_2', 'replace__step_3', 'replace__step_4'] as const;

/**
 * /:slug/replace (docs/product/replace.md#screens): title, subtitle, the explainer with the four
 * steps that follow, the card and security code entry with the bot check, a link to RESET when the
 * brand offers it, and the how-it-works block. A found card goes to replace/email.
 */
export function StartScreen() {
  const { t, slug, theme, navigate } = useFlowScreen('replace__title');
  const offersReset = theme.pageAvailability.some((p) => p.code === 'RESET' && p.isAvailable);

  return (
    <PageShell>
      <OverviewTitle title={t('replace__title')} subtitle={t('replace__subtitle')} />
      <StepsBlock title={t('replace__steps_title')} steps={STEP_KEYS.map((key) => t(key))} />
      <LookupForm
        themeCode={theme.code}
        onSuccess={(card, securityCode) => {
          replaceSecret.set(slug, securityCode);
          replaceStore(slug).set({ card });
          navigate(replaceRoutes.email.path(slug));
        }}
      />
      {offersReset ? (
        <p>
          <Link className={styles.link} href={absolute(resetRoutes.start.path(slug))}>
            {t('replace__reset_link')}
          </Link>
        </p>
      ) : null}
      <InfoBlock title={t('replace__how_title')}>
        <p>{t('replace__how_text')}</p>
      </InfoBlock>
    </PageShell>
  );
}
