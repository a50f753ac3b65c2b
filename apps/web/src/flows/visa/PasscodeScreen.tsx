import { visaRoutes } from '@tessera/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errorMessages';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { PasscodeChoice, isPasscodeChoiceValid } from '../../components/PasscodeChoice/PasscodeChoice';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { InfoBlock } from '../../components/InfoBlock/InfoBlock';
import { Button } from '../../components/Button/Button';
import { Alert } from '../../components/Alert/Alert';
import { NetworkErrorAlert } from '../../components/NetworkErrorAlert/NetworkErrorAlert';
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
  const [passcode, setPasscode] = useState('');
  const [repeat, setRepeat] = useState('');
  const [insecure, setInsecure] = useState(false);
  const [networkBlocked, setNetworkBlocked] = useState(false);
  const [refusal, setRefusal] = useState<PasscodeRefusal | null>(null);
  const [focusAfter, setFocusAfter] = useState<'code' | 'network' | 'submit' | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const networkRetryRef = useRef<HTMLButtonElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const title = variant === 'activation' ? t('visa__activate_title') : t('visa__reset_security_title');
  // The activation's steps share their heading; this step's page title says which step it is.
  useDocumentTitle(variant === 'activation' ? t('visa__security_title') : title);

  useEffect(() => {
    if (!focusAfter) return;
    ({ code: codeRef, network: networkRetryRef, submit: submitRef })[focusAfter].current?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const start = variant === 'activation' ? visaRoutes.activate.path(slug) : visaRoutes.account.path(slug);
  if (!card?.otcNumber) return <Redirect to={absolute(start)} replace />;

  const blocked = insecure || networkBlocked || refusal !== null;
  const canSubmit = isPasscodeChoiceValid(passcode, repeat, insecure) && !blocked && !call.isPending;

  const onError = (error: unknown) => {
    const outcome = errorMessage(error, variant === 'activation' ? activationPasscodeErrors : recoveryPasscodeErrors);
    if (outcome === 'network') {
      setNetworkBlocked(true);
      setFocusAfter('network');
    } else if (outcome === 'insecure') {
      setInsecure(true);
      setFocusAfter('code');
    } else if (outcome === 'failed') {
      navigate(visaRoutes.activateFailed.path(slug));
    } else {
      setRefusal(outcome);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
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
  let hint: string | null = null;
  if (insecure) hint = t('visa__submit_hint_passcode');
  else if (!canSubmit && !networkBlocked && !refusal && !call.isPending) hint = t('visa__submit_hint_choice');

  return (
    <PageShell>
      <OverviewTitle title={title} subtitle={variant === 'activation' ? t('visa__security_subtitle') : undefined} />
      {variant === 'activation' ? <CardSummary cardNumber={card.cardNumber} status="inactive" /> : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={call.isPending || undefined}>
        {networkBlocked ? (
          <NetworkErrorAlert
            retryRef={networkRetryRef}
            onRetry={() => {
              setNetworkBlocked(false);
              call.reset();
              setFocusAfter('submit');
            }}
          />
        ) : null}
        {refusal ? (
          <Alert tone="danger" takeFocus>
            <p>{t(refusal)}</p>
            {refusal === 'visa__reset_code_error' ? (
              <p>
                <Link className={styles.link} href={absolute(visaRoutes.accountResetOtc.path(slug))}>
                  {t('visa__reset_code_again')}
                </Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        <PasscodeChoice
          keyPrefix="visa__security_passcode"
          passcode={passcode}
          repeat={repeat}
          rejected={insecure}
          codeInputRef={codeRef}
          onPasscodeChange={(value) => {
            setPasscode(value);
            if (value !== passcode) setInsecure(false);
          }}
          onRepeatChange={setRepeat}
        />
        <Button ref={submitRef} type="submit" loading={call.isPending} disabled={!canSubmit} aria-describedby={hint ? hintId : undefined}>
          {variant === 'activation' ? t('visa__security_submit') : t('visa__reset_security_submit')}
        </Button>
        {hint ? (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        ) : null}
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
