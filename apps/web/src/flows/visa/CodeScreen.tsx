import { useState, type FormEvent } from 'react';
import { Link, Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { ONE_TIME_CODE_LENGTH, visaRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { OneTimeCodeField, emptyCode, isCompleteCode } from '../../components/OneTimeCodeField/OneTimeCodeField';
import { Button } from '../../components/Button/Button';
import { ErrorSummary, useSubmitRound, type Problem } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import { useVisaState, visaStore } from './state';
import styles from './visa.module.css';
import fieldStyles from '../../components/Field/Field.module.css';

interface CodeScreenProps {
  variant: 'activation' | 'recovery';
}

/**
 * activate/otc and account/reset/otc (docs/product/visa.md): the masked phone the code went
 * to, a resend link back to the request, the 6 boxes and (activation only, when the brand has
 * terms) the terms checkbox with its two links. Submit is enabled once all 6 digits are in; without
 * the ticked terms it says 'Please accept the terms and conditions'. The code is checked by the
 * passcode step's call, so this step only keeps it and moves on (history replaced).
 * Without a card in state: back to the flow's first step.
 */
export function CodeScreen({ variant }: CodeScreenProps) {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  const part = variant === 'activation' ? 'activation' : 'recovery';
  const card = useVisaState(part, slug);
  const [otc, setOtc] = useState(() => emptyCode(ONE_TIME_CODE_LENGTH));
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [round, countRound] = useSubmitRound();
  const title = variant === 'activation' ? t('visa__otc_title') : t('visa__reset_otc_title');
  useDocumentTitle(title);

  const start = variant === 'activation' ? visaRoutes.activate.path(slug) : visaRoutes.accountReset.path(slug);
  if (!card) return <Redirect to={absolute(start)} replace />;

  const terms = variant === 'activation' ? theme.termsUrls : null;
  const complete = isCompleteCode(otc);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || (terms && !termsAccepted)) {
      // Enter with the button disabled, or the terms not accepted: the summary says what is missing.
      setTermsError(!!terms && !termsAccepted);
      countRound();
      return;
    }
    visaStore(part, slug).update({ otcNumber: otc.join('') });
    navigate((variant === 'activation' ? visaRoutes.activateSecurity : visaRoutes.accountResetSecurity).path(slug), { replace: true });
  };

  const hintId = 'visa-otc-hint';
  const problems: Problem[] = [];
  if (!complete) problems.push({ text: t('otc__error_incomplete'), target: 'visa-otc' });
  if (termsError) problems.push({ text: t('visa__terms_error'), target: 'visa-terms' });
  return (
    <PageShell>
      <OverviewTitle title={title} />
      <p>
        {t('visa__otc_sent_to')} <span className={styles.phone}>{card.phoneNumber}</span>
      </p>
      <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate>
        <ErrorSummary problems={problems} round={round} />
        <OneTimeCodeField id="visa-otc" error={round && !complete ? t('otc__error_incomplete') : null} label={t('visa__otc_label')} help={t('visa__otc_help')} value={otc} onChange={setOtc} />
        {terms ? (
          <>
            <div className={styles.checkbox}>
              <input
                id="visa-terms"
                type="checkbox"
                checked={termsAccepted}
                aria-invalid={termsError || undefined}
                aria-describedby={termsError ? 'visa-terms-error' : undefined}
                onChange={(event) => {
                  setTermsAccepted(event.target.checked);
                  if (event.target.checked) setTermsError(false);
                }}
              />
              <label htmlFor="visa-terms">{t('visa__terms_label')}</label>
            </div>
            <p className={styles.termsLinks}>
              <a className={styles.link} href={terms.terms} target="_blank" rel="noopener noreferrer">
                {t('visa__terms_link')}
              </a>
              <a className={styles.link} href={terms.privacy} target="_blank" rel="noopener noreferrer">
                {t('visa__privacy_link')}
              </a>
            </p>
            {termsError ? (
              <p id="visa-terms-error" className={fieldStyles.error}>
                {t('visa__terms_error')}
              </p>
            ) : null}
          </>
        ) : null}
        <Button type="submit" disabled={!complete} aria-describedby={!complete ? hintId : undefined}>
          {t('visa__otc_submit')}
        </Button>
        <SubmitHint id={hintId} missing={complete ? [] : [t('visa__otc_label')]} />
      </form>
      <p>
        {t('visa__otc_no_code')}{' '}
        <Link className={styles.link} href={absolute(start)}>
          {t('visa__otc_resend')}
        </Link>
      </p>
    </PageShell>
  );
}
