import { Link, Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { NO_ASSET, formatDate, validityOf, type Validity, balanceRoutes, resetRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { Alert } from '../../components/Alert/Alert';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { useResetCard } from './state';
import styles from './reset.module.css';

/** The validity text of docs/product/common.md#validity for the RESET success screen. */
const validityKey: Record<Validity['kind'], string> = {
  unlimited: 'reset__validity_unlimited',
  validUntil: 'reset__validity_until',
  grace: 'reset__validity_grace',
  expired: 'reset__validity_expired',
};

/**
 * /:slug/reset/success (docs/product/reset.md#screens): the success notice, the card (masked) with
 * its first balance, the validity text and an end text; without a card in state, back to the start
 * (replace).
 */
export function SuccessScreen({ now = new Date() }: { now?: Date }) {
  const { t, i18n } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const card = useResetCard(slug);
  useDocumentTitle(t('reset__success_title'));

  if (!card) return <Redirect to={absolute(resetRoutes.start.path(slug))} replace />;

  const validity = validityOf(card.expiresAt, now);
  const language = i18n.language;
  const date = validity.kind === 'unlimited' ? undefined : formatDate(validity.date, language);
  const first = card.balances[0]?.quantity ?? { value: 0, assetCode: NO_ASSET };
  const offersBalance = theme.pageAvailability.some((p) => p.code === 'BALANCE' && p.isAvailable);
  const warning = validity.kind === 'expired' || validity.kind === 'grace';

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('reset__success_title')} />
      <Alert tone="success">
        <p>{t('reset__success_notice')}</p>
      </Alert>
      <CardSummary cardNumber={card.code} status="active" balance={first} />
      <p className={`${styles.validity} ${warning ? styles.validityWarning : ''}`} data-testid="validity">
        {t(validityKey[validity.kind], { date })}
      </p>
      <p>{t('reset__success_end')}</p>
      {offersBalance ? (
        <p>
          <Link className={styles.link} href={absolute(balanceRoutes.start.path(slug))}>
            {t('reset__success_balance_link')}
          </Link>
        </p>
      ) : null}
    </PageShell>
  );
}
