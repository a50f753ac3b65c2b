import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, stripCardNumber, visaRoutes } from '@tessera/contracts';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { GiftCardNumberField } from '../../components/GiftCardNumberField/GiftCardNumberField';
import { PinCodeField } from '../../components/PinCodeField/PinCodeField';
import { Captcha } from '../../components/Captcha/Captcha';
import { Button } from '../../components/Button/Button';
import { Alert } from '../../components/Alert/Alert';
import { useGetHolderInformation } from './api/visaApi';
import { isCompleteCardNumber } from './CardCodeRequestScreen';
import { errorMessage } from '../../lib/errorMessages';
import { loginErrors, type VisaErrorKey } from './errors';
import { visaStore } from './state';
import styles from './visa.module.css';

const LOGIN_ERROR_ID = 'visa-login-error';

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

  const canSubmit = isCompleteCardNumber(cardNumber) && passcode.length > 0 && !!captchaToken && !login.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCardTouched(true);
    if (!canSubmit) return;
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
        },
      },
    );
  };

  const cardError =
    cardTouched && stripCardNumber(cardNumber) && !isCompleteCardNumber(cardNumber)
      ? t('card__number_error_length', { min: CARD_NUMBER_MIN_DIGITS, max: CARD_NUMBER_MAX_DIGITS })
      : undefined;
  // A wrong card number or passcode (the login error) concerns both fields.
  const refused = error === 'visa__login_error';
  const hint = !canSubmit && !login.isPending ? t('visa__submit_hint_login') : null;

  return (
    <PageShell>
      <OverviewTitle title={t('visa__account_title')} subtitle={t('visa__account_subtitle')} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={login.isPending || undefined}>
        {error ? (
          <Alert tone="danger" id={LOGIN_ERROR_ID} takeFocus>
            <p>{t(error)}</p>
          </Alert>
        ) : null}
        <GiftCardNumberField
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
          label={t('visa__passcode_label')}
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
          error={captchaRefused ? t('captcha__invalid') : undefined}
          focusError={captchaRefused}
        />
        <Button type="submit" loading={login.isPending} disabled={!canSubmit} aria-describedby={hint ? 'visa-login-hint' : undefined}>
          {t('visa__account_submit')}
        </Button>
        {hint ? (
          <p id="visa-login-hint" className={styles.hint}>
            {hint}
          </p>
        ) : null}
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
