import { visaRoutes } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { Link, Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { errorMessage } from '../../lib/errorMessages';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { PasscodeChoice, isPasscodeChoiceValid, usePasscodeChoice, passcodeChoiceLabels, passcodeChoiceProblems } from '../../components/PasscodeChoice/PasscodeChoice';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { InfoBlock } from '../../components/InfoBlock/InfoBlock';
import { Button } from '../../components/Button/Button';
import { Alert } from '../../components/Alert/Alert';
import { ErrorSummary, useSubmitRound, type Problem } from '../../components/ErrorSummary/ErrorSummary';
import { useNetworkBlock } from '../../components/ErrorSummary/useNetworkBlock';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import { useUseActivationCode, useUseRecovery } from './api/visaApi';
import { activationPasscodeErrors, recoveryPasscodeErrors, type PasscodeRefusal } from './errors';
import { useVisaState, visaStore } from './state';
import styles from './visa.module.css';

interface PasscodeScreenProps {
  variant: 'activation' | 'recovery';
}

/**
 * activate/security and account/reset/security (docs/product/visa.md,
 * docs/product/common.md#passcodes): the passcode chosen twice. Submit is enabled when both match,
 * are 6 valid characters, no refusal is pending and no request runs. UseActivationCode /
 * userecovery answers:
 * - 400 SECURITY_CODE_INSECURE: the guess error; blocked until the passcode changes;
 * - no answer at all: blocked (the spec's flag), with an announced message and a retry that lifts it;
 * - activation, anything else: activate/failed (retry goes back to the code);
 * - recovery: INVALID_TOKEN says the code is wrong (with a way back to it), TOO_MANY_REQUESTS its
 *   own text, anything else the generic error.
 * Success replaces the history entry: the review (activation) or the account overview (recovery).
 */
export function PasscodeScreen({ variant }: PasscodeScreenProps) {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  const part = variant === 'activation' ? 'activation' : 'recovery';
  const card = useVisaState(part, slug);
  const activation = useUseActivationCode();
  const recovery = useUseRecovery();
  const call = variant === 'activation' ? activation : recovery;
  const { passcode, repeat, insecure, refuseAsInsecure, props: choiceProps } = usePasscodeChoice();
  const { networkBlocked, blockForNetwork, retry, submitRef } = useNetworkBlock(() => call.reset());
  const [refusal, setRefusal] = useState<PasscodeRefusal | null>(null);
  // Each refusal and each submit of an incomplete choice moves focus to the error summary.
  const [round, countRound] = useSubmitRound();
  const title = variant === 'activation' ? t('visa__activate_title') : t('visa__reset_security_title');
  // The activation's steps share their heading; this step's page title says which step it is.
  useDocumentTitle(variant === 'activation' ? t('visa__security_title') : title);

  const start = variant === 'activation' ? visaRoutes.activate.path(slug) : visaRoutes.account.path(slug);
  if (!card?.otcNumber) return <Redirect to={absolute(start)} replace />;

  const blocked = insecure || networkBlocked || refusal !== null;
  const canSubmit = isPasscodeChoiceValid(passcode, repeat, insecure) && !blocked && !call.isPending;

  const onError = (error: unknown) => {
    const outcome = errorMessage(error, variant === 'activation' ? activationPasscodeErrors : recoveryPasscodeErrors);
    if (outcome === 'network') {
      blockForNetwork();
      countRound();
    } else if (outcome === 'insecure') {
      refuseAsInsecure();
      countRound();
    } else if (outcome === 'failed') {
      navigate(visaRoutes.activateFailed.path(slug));
    } else {
      setRefusal(outcome);
      countRound();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) {
      if (!call.isPending) countRound();
      return;
    }
    const input = { themeCode: theme.code, cardNumber: card.cardNumber, otcNumber: card.otcNumber!, securityCode: passcode };
    if (variant === 'activation') {
      activation.mutate(input, {
        onSuccess: () => {
          visaStore('activation', slug).update({ securityCode: passcode });
          navigate(visaRoutes.activateReview.path(slug), { replace: true });
        },
        onError,
      });
    } else {
      recovery.mutate(input, {
        onSuccess: (holder) => {
          visaStore('account', slug).set({ cardNumber: card.cardNumber, securityCode: passcode, holder, passcodeReset: true });
          visaStore('recovery', slug).set(null);
          navigate(visaRoutes.accountDetails.path(slug), { replace: true });
        },
        onError,
      });
    }
  };

  const hintId = 'visa-passcode-hint';
  const choiceId = 'visa-choice';
  const choiceProblems = passcodeChoiceProblems(t, 'visa__security_passcode', choiceId, passcode, repeat, insecure);
  const problems: Problem[] = [];
  if (networkBlocked) problems.push({ text: t('generic__network_error') });
  if (refusal) problems.push({ text: t(refusal) });
  problems.push(...choiceProblems);
  const missing =
    canSubmit || blocked || call.isPending
      ? []
      : passcodeChoiceLabels(t, 'visa__security_passcode', choiceProblems);
  const hintReason = insecure ? t('visa__submit_hint_passcode') : null;
  const hinted = !!hintReason || missing.length > 0;

  return (
    <PageShell>
      <OverviewTitle title={title} subtitle={variant === 'activation' ? t('visa__security_subtitle') : undefined} />
      {variant === 'activation' ? <CardSummary cardNumber={card.cardNumber} status="inactive" /> : null}
      <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate aria-busy={call.isPending || undefined}>
        <ErrorSummary problems={problems} round={round} onRetry={networkBlocked ? retry : undefined}>
          {refusal === 'visa__reset_code_error' ? (
            <p>
              <Link className={styles.link} href={absolute(visaRoutes.accountResetOtc.path(slug))}>
                {t('visa__reset_code_again')}
              </Link>
            </p>
          ) : null}
        </ErrorSummary>
        <PasscodeChoice
          id={choiceId}
          keyPrefix="visa__security_passcode"
          {...choiceProps}
        />
        <Button ref={submitRef} type="submit" loading={call.isPending} disabled={!canSubmit} aria-describedby={hinted ? hintId : undefined}>
          {variant === 'activation' ? t('visa__security_submit') : t('visa__reset_security_submit')}
        </Button>
        <SubmitHint id={hintId} missing={missing} reason={hintReason} />
      </form>
      {variant === 'activation' ? (
        <InfoBlock title={t('visa__security_explanation_title')}>
          <p>{t('visa__security_explanation_text')}</p>
          <Alert tone="info">
            <p>{t('visa__security_explanation_info')}</p>
          </Alert>
        </InfoBlock>
      ) : null}
    </PageShell>
  );
}
