import { useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { visaRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Loading } from '../../components/Loading/Loading';
import { Button } from '../../components/Button/Button';
import { Alert } from '../../components/Alert/Alert';
import type { HolderInformation as Holder } from '@tessera/contracts';
import { getHolderInformation, useUpdateHolderInformation } from './api/visaApi';
import { HolderInformation, isReviewComplete, reviewValuesOf, type ReviewValues } from './components/HolderInformation';
import { useVisaState, visaStore } from './state';
import styles from './visa.module.css';

/**
 * activate/review (docs/product/visa.md): the holder information (fetched with the new passcode)
 * for the cardholder to check, the card shown as inactive. The review checkbox is disabled until
 * birth date, nationality and country of birth are all set; ticking it locks the form and enables
 * the confirmation. UpdateHolderInformation OK replaces the route with activate/pin; a failure
 * shows the danger alert visa__reviewInformationError. Without a card and passcode: back to
 * activate.
 */
export function ReviewScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const card = useVisaState('activation', slug);
  useDocumentTitle(t('visa__review_title'));

  const holder = useQuery({
    queryKey: ['visa', 'holder', slug, card?.cardNumber],
    queryFn: () => getHolderInformation({ themeCode: theme.code, cardNumber: card!.cardNumber, securityCode: card!.securityCode! }),
    enabled: !!card?.securityCode,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  if (!card?.securityCode) return <Redirect to={absolute(visaRoutes.activate.path(slug))} replace />;

  return (
    <PageShell>
      <OverviewTitle title={t('visa__review_title')} subtitle={t('visa__review_subtitle')} />
      <CardSummary cardNumber={card.cardNumber} status="inactive" />
      {holder.isPending ? <Loading /> : null}
      {holder.error ? (
        <Alert
          tone="danger"
          actions={
            <Button variant="retry" onClick={() => void holder.refetch()}>
              {t('generic__retry')}
            </Button>
          }
        >
          <p>{t('visa__error_generic')}</p>
        </Alert>
      ) : null}
      {holder.data ? <ReviewForm holder={holder.data} cardNumber={card.cardNumber} securityCode={card.securityCode} /> : null}
    </PageShell>
  );
}

function ReviewForm({ holder, cardNumber, securityCode }: { holder: Holder; cardNumber: string; securityCode: string }) {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  const update = useUpdateHolderInformation();
  const [values, setValues] = useState<ReviewValues>(() => reviewValuesOf(holder));
  const [confirmed, setConfirmed] = useState(false);
  const [failed, setFailed] = useState(false);
  const complete = isReviewComplete(values);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || !complete || update.isPending) return;
    setFailed(false);
    update.mutate(
      { themeCode: theme.code, cardNumber, securityCode, ...values },
      {
        onSuccess: (updated) => {
          visaStore('activation', slug).update({ holder: updated });
          navigate(visaRoutes.activatePin.path(slug), { replace: true });
        },
        onError: () => setFailed(true),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={update.isPending || undefined}>
      <HolderInformation holder={holder} mode="review" values={values} onChange={setValues} locked={confirmed} />
      <div className={styles.checkbox}>
        <input
          id="visa-review-confirm"
          type="checkbox"
          checked={confirmed}
          disabled={!complete || update.isPending}
          aria-describedby={!complete ? 'visa-review-hint' : undefined}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <label htmlFor="visa-review-confirm">{t('visa__review_confirm')}</label>
      </div>
      {!complete ? (
        <p id="visa-review-hint" className={styles.hint}>
          {t('visa__review_hint')}
        </p>
      ) : null}
      {failed ? (
        <Alert tone="danger" takeFocus>
          <p>{t('visa__reviewInformationError')}</p>
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={update.isPending} disabled={!confirmed || !complete}>
          {t('visa__review_submit')}
        </Button>
      </div>
    </form>
  );
}
