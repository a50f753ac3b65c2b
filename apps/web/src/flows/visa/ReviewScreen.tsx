import { useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/useTranslation';
import { visaRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Loading } from '../../components/Loading/Loading';
import { Button } from '../../components/Button/Button';
import { Alert } from '../../components/Alert/Alert';
import { ErrorSummary, useSubmitRound, type Problem } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import fieldStyles from '../../components/Field/Field.module.css';
import type { HolderInformation as Holder } from '@tessera/contracts';
import { getHolderInformation, useUpdateHolderInformation } from './api/visaApi';
import {
  HolderInformation,
  isReviewComplete,
  REVIEW_FIELD_IDS,
  reviewValuesOf,
  type ReviewErrors,
  type ReviewValues,
} from './components/HolderInformation';
import { useVisaState, visaStore } from './state';
import styles from './visa.module.css';

/**
 * activate/review (docs/product/visa.md): the holder information (fetched with the new passcode)
 * for the cardholder to check, the card shown as inactive. The review checkbox is disabled until
 * birth date, nationality and country of birth are all set; ticking it locks the form and enables
 * the confirmation. UpdateHolderInformation OK replaces the route with activate/pin; a failure
 * shows visa__reviewInformationError in the form's error summary (a refusal about no field, so no
 * link). Enter with the button disabled lists what is missing there, each linked to its field; the
 * disabled button says why next to it. Without a card and passcode: back to activate.
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
  // Each submit that cannot go (Enter with the button disabled) and each failed update moves focus
  // to the error summary (docs/accessibility.md#error-summary).
  const [round, countRound] = useSubmitRound();
  const complete = isReviewComplete(values);

  // What keeps the review from being sent, per field; under the fields from the first submit on.
  const missing: ReviewErrors = {};
  if (!values.dateOfBirth) missing.dateOfBirth = t('visa__review_error_birth_date');
  if (!values.countryOfBirth) missing.countryOfBirth = t('visa__review_error_country_of_birth');
  if (!values.nationality) missing.nationality = t('visa__review_error_nationality');
  const problems: Problem[] = [];
  if (failed) problems.push({ text: t('visa__reviewInformationError') });
  for (const key of ['dateOfBirth', 'countryOfBirth', 'nationality'] as const) {
    const text = missing[key];
    if (text) problems.push({ text, target: key === 'dateOfBirth' ? `${REVIEW_FIELD_IDS.dateOfBirth}-day` : REVIEW_FIELD_IDS[key] });
  }
  if (complete && !confirmed) problems.push({ text: t('visa__review_error_confirm'), target: CONFIRM_ID });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (!confirmed || !complete) {
      countRound();
      return;
    }
    setFailed(false);
    update.mutate(
      { themeCode: theme.code, cardNumber, securityCode, ...values },
      {
        onSuccess: (updated) => {
          visaStore('activation', slug).update({ holder: updated });
          navigate(visaRoutes.activatePin.path(slug), { replace: true });
        },
        onError: () => {
          setFailed(true);
          countRound();
        },
      },
    );
  };

  // Why the button is disabled, tied to it: the missing fields' hint just above it (the checkbox's
  // too, not said twice), or the tick still to set.
  const submitHint = update.isPending ? undefined : !complete ? 'visa-review-hint' : !confirmed ? 'visa-review-submit-hint' : undefined;

  return (
    <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate aria-busy={update.isPending || undefined}>
      <ErrorSummary problems={problems} round={round} />
      <HolderInformation
        holder={holder}
        mode="review"
        values={values}
        onChange={setValues}
        locked={confirmed}
        errors={round ? missing : undefined}
      />
      <div className={styles.checkbox}>
        <input
          id={CONFIRM_ID}
          type="checkbox"
          checked={confirmed}
          disabled={!complete || update.isPending}
          aria-describedby={!complete ? 'visa-review-hint' : round && complete && !confirmed ? 'visa-review-confirm-error' : undefined}
          aria-invalid={round && complete && !confirmed ? true : undefined}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <label htmlFor={CONFIRM_ID}>{t('visa__review_confirm')}</label>
      </div>
      {!complete ? (
        <p id="visa-review-hint" className={styles.hint}>
          {t('visa__review_hint')}
        </p>
      ) : round && !confirmed ? (
        <p id="visa-review-confirm-error" className={fieldStyles.error}>
          {t('visa__review_error_confirm')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          type="submit"
          loading={update.isPending}
          disabled={!confirmed || !complete}
          aria-describedby={submitHint}
        >
          {t('visa__review_submit')}
        </Button>
      </div>
      <SubmitHint
        id="visa-review-submit-hint"
        missing={[]}
        reason={submitHint === 'visa-review-submit-hint' ? t('visa__review_confirm_hint') : null}
      />
    </form>
  );
}

const CONFIRM_ID = 'visa-review-confirm';
