import { Link, Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { MASK_VISIBLE_CHARACTERS, maskCardNumber, balanceRoutes, replaceRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { Alert } from '../../components/Alert/Alert';
import { formatMoney } from '../../components/CardSummary/CardSummary';
import { useReplaceState } from './state';
import styles from './replace.module.css';

/**
 * /:slug/replace/success (docs/product/replace.md#screens): the address the new card was sent to,
 * where to look for the e-mail, and that the old card no longer works. Without a finished
 * replacement in state: back to the start.
 */
export function SuccessScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const state = useReplaceState(slug);
  useDocumentTitle(t('replace__success_title'));

  if (!state?.sentTo) return <Redirect to={absolute(replaceRoutes.start.path(slug))} replace />;
  const { card, sentTo } = state;
  const balance = card.balances[0]?.quantity;
  const offersBalance = theme.pageAvailability.some((p) => p.code === 'BALANCE' && p.isAvailable);

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('replace__success_title')} />
      <Alert tone="success">
        <p>
          {t('replace__success_sent_to')} <strong className={styles.address}>{sentTo}</strong>
        </p>
      </Alert>
      <p>{t('replace__success_where', { brand: theme.name })}</p>
      {balance ? <p>{t('replace__success_balance', { amount: formatMoney(balance) })}</p> : null}
      <p className={styles.strong}>
        {t('replace__success_old_card', { digits: maskCardNumber(card.code).slice(-MASK_VISIBLE_CHARACTERS) })}
      </p>
      {offersBalance ? (
        <p>
          <Link className={styles.link} href={absolute(balanceRoutes.start.path(slug))}>
            {t('replace__success_balance_link')}
          </Link>
        </p>
      ) : null}
    </PageShell>
  );
}
