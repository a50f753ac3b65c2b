import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { stripCardNumber, visaRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { GiftCardNumberField } from '../../components/GiftCardNumberField/GiftCardNumberField';
import { cardNumberProblem, isCompleteCardNumber, shownCardNumberError } from '../../components/GiftCardNumberField/cardNumberProblem';
import { PinCodeField } from '../../components/PinCodeField/PinCodeField';
import { Captcha } from '../../components/Captcha/Captcha';
import { Button } from '../../components/Button/Button';
import { ErrorSummary, useSubmitRound, type Problem } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import { useGetHolderInformation } from './api/visaApi';
import { errorMessage } from '../../lib/errorMessages';
import { loginErrors, type VisaErrorKey } from './errors';
import { visaStore } from './state';
import styles from './visa.module.css';

const LOGIN_ERROR_ID = 'visa-login-error';
const CARD_ID = 'visa-login-card';
const PASSCODE_ID = 'visa-login-passcode';

/**
 * account (docs/product/visa.md): card number, passcode and captcha, plus the
 * forgot-passcode link. GetHolderInformation OK keeps the card and holder and shows
 * account/details (history replaced); 404 the login error, other failures the generic error.
 */
export function AccountScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  const login = useGetHolderInformation();
  useDocumentTitle(t('visa__account_title'));
  const [cardNumber, setCardNumber] = useState('');
  const [cardTouched, setCardTouched] = useState(false);
  const [passcode, setPasscode] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaRefused, setCaptchaRefused] = useState(false);
  const [error, setError] = useState<VisaErrorKey | null>(null);
  const [round, countRound] = useSubmitRound();

  const canSubmit = isCompleteCardNumber(cardNumber) && passcode.length > 0 && !!captchaToken && !login.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCardTouched(true);
    if (!canSubmit) {
      // Enter in an incomplete form (the button is disabled): the summary says what is missing.
      if (!login.isPending) {
        setError(null);
        setCaptchaRefused(false);
        countRound();
      }
      return;
    }
    setError(null);
    setCaptchaRefused(false);
    const number = stripCardNumber(cardNumber);
    login.mutate(
      { themeCode: theme.code, cardNumber: number, securityCode: passcode, captchaToken },
      {
        onSuccess: (holder) => {
          visaStore('account', slug).set({ cardNumber: number, securityCode: passcode, holder });
          navigate(visaRoutes.accountDetails.path(slug), { replace: true });
        },
        onError: (failure) => {
          setCaptchaToken(null);
          setCaptchaRound((round) => round + 1);
          const key = errorMessage(failure, loginErrors);
          if (key === 'captcha') setCaptchaRefused(true);
          else setError(key);
          countRound();
        },
      },
    );
  };

  const cardProblem = cardNumberProblem(t, cardNumber);
  const passcodeProblem = passcode ? null : t('visa__passcode_error_required');
  const cardError = shownCardNumberError(cardProblem, cardNumber, { submitted: round > 0, touched: cardTouched });
  // A wrong card number or passcode (the login error) concerns both fields.
  const refused = error === 'visa__login_error';
  const problems: Problem[] = [];
  if (cardProblem) problems.push({ text: cardProblem, target: CARD_ID });
  if (passcodeProblem) problems.push({ text: passcodeProblem, target: PASSCODE_ID });
  if (error) problems.push({ text: t(error), target: refused ? CARD_ID : undefined, id: LOGIN_ERROR_ID });
  else if (captchaRefused) problems.push({ text: t('captcha__invalid') });
  else if (!captchaToken) problems.push({ text: t('captcha__required') });
  // Why the button is disabled: what is still missing, named as the labels name it.
  const missing = login.isPending
    ? []
    : [
        ...(cardProblem ? [t('card__number_label')] : []),
        ...(passcodeProblem ? [t('visa__passcode_label')] : []),
        ...(captchaToken ? [] : [t('captcha__label')]),
      ];

  return (
    <PageShell>
      <OverviewTitle title={t('visa__account_title')} subtitle={t('visa__account_subtitle')} />
      <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate aria-busy={login.isPending || undefined}>
        <ErrorSummary problems={problems} round={round} />
        <GiftCardNumberField
          id={CARD_ID}
          label={t('card__number_label')}
          autoComplete="cc-number"
          value={cardNumber}
          onChange={(value) => {
            setCardNumber(value);
            setError(null);
          }}
          onBlur={() => setCardTouched(true)}
          error={cardError}
          refusedBy={refused ? LOGIN_ERROR_ID : undefined}
        />
        <PinCodeField
          id={PASSCODE_ID}
          label={t('visa__passcode_label')}
          error={round ? passcodeProblem : null}
          name="passcode"
          refusedBy={refused ? LOGIN_ERROR_ID : undefined}
          value={passcode}
          onChange={(value) => {
            setPasscode(value.trim());
            setError(null);
          }}
        />
        <Captcha
          key={captchaRound}
          onToken={setCaptchaToken}
          error={captchaRefused ? t('captcha__invalid') : round && !captchaToken && !error ? t('captcha__required') : null}
        />
        <Button type="submit" loading={login.isPending} disabled={!canSubmit} aria-describedby={missing.length ? 'visa-login-hint' : undefined}>
          {t('visa__account_submit')}
        </Button>
        <SubmitHint id="visa-login-hint" missing={missing} />
      </form>
      <p>
        <Link className={styles.link} href={absolute(visaRoutes.accountReset.path(slug))}>
          {t('visa__account_forgot')}
        </Link>
      </p>
      <p>
        {t('visa__account_not_active')}{' '}
        <Link className={styles.link} href={absolute(visaRoutes.activate.path(slug))}>
          {t('visa__account_activate_link')}
        </Link>
      </p>
    </PageShell>
  );
}
