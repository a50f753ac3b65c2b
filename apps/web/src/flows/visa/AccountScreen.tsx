import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { stripCardNumber, visaRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { GiftCardNumberField } from '../../components/GiftCardNumberField/GiftCardNumberField';
import { PinCodeField } from '../../components/PinCodeField/PinCodeField';
import { Captcha } from '../../components/Captcha/Captcha';
import { Button } from '../../components/Button/Button';
import { ErrorSummary } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import { useGetHolderInformation } from './api/visaApi';
import { loginErrors } from './errors';
import { useCardAndCaptcha } from './useCardAndCaptcha';
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
  const { t, slug, theme, navigate } = useFlowScreen('visa__account_title');
  const login = useGetHolderInformation();
  const [passcode, setPasscode] = useState('');
  // A wrong card number or passcode (the login error) concerns both fields.
  const form = useCardAndCaptcha({
    cardId: CARD_ID,
    errorId: LOGIN_ERROR_ID,
    pending: login.isPending,
    errors: loginErrors,
    refusesCard: (error) => error === 'visa__login_error',
  });
  const canSubmit = form.ready && passcode.length > 0;

  const onSubmit = (event: FormEvent) => {
    if (!form.submit(event, canSubmit)) return;
    const number = stripCardNumber(form.cardNumber);
    login.mutate(
      { themeCode: theme.code, cardNumber: number, securityCode: passcode, captchaToken: form.captchaToken },
      {
        onSuccess: (holder) => {
          visaStore('account', slug).set({ cardNumber: number, securityCode: passcode, holder });
          navigate(visaRoutes.accountDetails.path(slug), { replace: true });
        },
        onError: form.fail,
      },
    );
  };

  const passcodeProblem = passcode ? null : t('visa__passcode_error_required');
  const problems = form.problems(passcodeProblem ? [{ text: passcodeProblem, target: PASSCODE_ID }] : []);
  const missing = form.missing(passcodeProblem ? [t('visa__passcode_label')] : []);

  return (
    <PageShell>
      <OverviewTitle title={t('visa__account_title')} subtitle={t('visa__account_subtitle')} />
      <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate aria-busy={login.isPending || undefined}>
        <ErrorSummary problems={problems} round={form.round} />
        <GiftCardNumberField {...form.cardField} />
        <PinCodeField
          id={PASSCODE_ID}
          label={t('visa__passcode_label')}
          error={form.round ? passcodeProblem : null}
          name="passcode"
          refusedBy={form.refusedBy}
          value={passcode}
          onChange={(value) => {
            setPasscode(value.trim());
            form.clearError();
          }}
        />
        <Captcha key={form.captchaRound} {...form.captcha} />
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
