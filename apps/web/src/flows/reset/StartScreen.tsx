import { useState, type FormEvent } from 'react';
import { ONE_TIME_CODE_LENGTH, resetRoutes } from '@tessera/contracts';
import { errorMessage } from '../../lib/errorMessages';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { GiftCardNumberField } from '../../components/GiftCardNumberField/GiftCardNumberField';
import { cardNumberProblem, isCompleteCardNumber, shownCardNumberError } from '../../components/GiftCardNumberField/cardNumberProblem';
import { OneTimeCodeField, emptyCode, isCompleteCode } from '../../components/OneTimeCodeField/OneTimeCodeField';
import { PasscodeChoice, isPasscodeChoiceValid, usePasscodeChoice, passcodeChoiceLabels, passcodeChoiceProblems } from '../../components/PasscodeChoice/PasscodeChoice';
import { Captcha } from '../../components/Captcha/Captcha';
import { Button } from '../../components/Button/Button';
import { ErrorSummary, useSubmitRound, type Problem } from '../../components/ErrorSummary/ErrorSummary';
import { useNetworkBlock } from '../../components/ErrorSummary/useNetworkBlock';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import { useRecoverSecurityCode } from './api/recoverSecurityCode';
import { resetStore } from './state';
import { recoveryErrors } from './errors';
import styles from './reset.module.css';

/**
 * /:slug/reset (docs/product/reset.md): card number, the 6-digit recovery code,
 * the new security code twice and the bot check.
 *
 * Submit is enabled only when the form is valid (docs/product/reset.md#rules), no server refusal is
 * pending and no request runs. Answers (docs/product/reset.md#errors):
 * - SECURITY_CODE_INSECURE: the guess error on the new code; blocked until the code changes;
 * - RECOVERY_CODE_NOT_FOUND: the recovery-code error on the boxes; blocked until they change;
 * - CAPTCHA_INVALID (the contract's code, not the spec's): the check starts again and says so
 *   until the next submit, as at the BALANCE lookup;
 * - a network failure: blocked, with an announced message and a "try again" button that lifts
 *   the block (docs/product/reset.md#errors says only "blocks submit"; a silent block would leave
 *   the cardholder stuck);
 * - any other 400 or non-OK answer: the reset error page.
 * A card number counts as entered once it has 16 to 19 digits: a shorter one can only fail.
 */
export function StartScreen() {
  const { t, slug, theme, navigate } = useFlowScreen('reset__title');
  const recovery = useRecoverSecurityCode();

  const [cardNumber, setCardNumber] = useState('');
  const [cardTouched, setCardTouched] = useState(false);
  const [otc, setOtc] = useState(() => emptyCode(ONE_TIME_CODE_LENGTH));
  const { passcode, repeat, insecure, refuseAsInsecure, props: choiceProps } = usePasscodeChoice();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // A captcha token works once: every attempt gets a fresh widget.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaRefused, setCaptchaRefused] = useState(false);
  const [otcNotFound, setOtcNotFound] = useState(false);
  const { networkBlocked, blockForNetwork, retry, submitRef } = useNetworkBlock(() => recovery.reset());
  // Each refusal and each submit of an incomplete form moves focus to the error summary: the
  // submit button is disabled then, and the summary links to the field to change.
  const [round, countRound] = useSubmitRound();

  const cardComplete = isCompleteCardNumber(cardNumber);
  const formValid =
    cardComplete && isCompleteCode(otc) && isPasscodeChoiceValid(passcode, repeat, insecure) && !!captchaToken;
  const blocked = insecure || otcNotFound || networkBlocked;
  const canSubmit = formValid && !blocked && !recovery.isPending;

  const newCaptcha = () => {
    setCaptchaToken(null);
    setCaptchaRound((round) => round + 1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) {
      if (!recovery.isPending) countRound();
      return;
    }
    setCaptchaRefused(false);
    recovery.mutate(
      { themeCode: theme.code, cardNumber, otcNumber: otc.join(''), securityCode: passcode, captchaToken },
      {
        onSuccess: (card) => {
          resetStore(slug).set(card);
          navigate(resetRoutes.success.path(slug), { replace: true });
        },
        onError: (error) => {
          // Without an answer the token was most likely never spent, so the retry may use it; if it
          // was, the server says CAPTCHA_INVALID and the check starts again. Any answer spent it.
          const outcome = errorMessage(error, recoveryErrors);
          if (outcome === 'network') {
            blockForNetwork();
            countRound();
            return;
          }
          newCaptcha();
          if (outcome === 'insecure') {
            refuseAsInsecure();
            countRound();
          } else if (outcome === 'otcNotFound') {
            setOtcNotFound(true);
            countRound();
          } else if (outcome === 'captcha') {
            setCaptchaRefused(true);
            countRound();
          } else {
            navigate(resetRoutes.error.path(slug));
          }
        },
      },
    );
  };

  const ids = { card: 'reset-card', otc: 'reset-otc', choice: 'reset-choice' };
  const cardProblem = cardNumberProblem(t, cardNumber);
  const cardError = shownCardNumberError(cardProblem, cardNumber, { submitted: round > 0, touched: cardTouched });
  const otcProblem = otcNotFound ? t('reset__recovery_code_error_text') : isCompleteCode(otc) ? null : t('otc__error_incomplete');
  const choiceProblems = passcodeChoiceProblems(t, 'reset__security_passcode', ids.choice, passcode, repeat, insecure);
  const problems: Problem[] = [];
  if (networkBlocked) problems.push({ text: t('generic__network_error') });
  if (cardProblem) problems.push({ text: cardProblem, target: ids.card });
  if (otcProblem) problems.push({ text: otcProblem, target: ids.otc });
  problems.push(...choiceProblems);
  if (captchaRefused) problems.push({ text: t('captcha__invalid') });
  else if (!captchaToken) problems.push({ text: t('captcha__required') });
  // Why the button is disabled, next to it: a refusal names what to change; otherwise what is
  // still missing, named as the labels name it (the network failure has its own way out).
  const hintId = 'reset-submit-hint';
  const hintReason = otcNotFound ? t('reset__submit_hint_recovery_code') : insecure ? t('reset__submit_hint_security_code') : null;
  const missing =
    canSubmit || networkBlocked || recovery.isPending
      ? []
      : [
          ...(cardProblem ? [t('card__number_label')] : []),
          ...(otcProblem ? [t('reset__recovery_code_label')] : []),
          ...passcodeChoiceLabels(t, 'reset__security_passcode', choiceProblems),
          ...(captchaToken ? [] : [t('captcha__label')]),
        ];
  const hinted = !!hintReason || missing.length > 0;

  return (
    <PageShell>
      <OverviewTitle title={t('reset__title')} subtitle={t('reset__subtitle')} />
      <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate aria-busy={recovery.isPending || undefined}>
        <ErrorSummary problems={problems} round={round} onRetry={networkBlocked ? retry : undefined} />

        <GiftCardNumberField
          id={ids.card}
          label={t('card__number_label')}
          value={cardNumber}
          onChange={setCardNumber}
          onBlur={() => setCardTouched(true)}
          error={cardError}
        />
        <OneTimeCodeField
          id={ids.otc}
          label={t('reset__recovery_code_label')}
          help={t('reset__recovery_code_help')}
          value={otc}
          onChange={(value) => {
            setOtc(value);
            setOtcNotFound(false);
          }}
          error={round || otcNotFound ? otcProblem : null}
        />
        <PasscodeChoice
          id={ids.choice}
          keyPrefix="reset__security_passcode"
          {...choiceProps}
        />
        <Captcha
          key={captchaRound}
          onToken={setCaptchaToken}
          error={captchaRefused ? t('captcha__invalid') : round && !captchaToken ? t('captcha__required') : null}
        />
        <Button ref={submitRef} type="submit" loading={recovery.isPending} disabled={!canSubmit} aria-describedby={hinted ? hintId : undefined}>
          {t('reset__submit')}
        </Button>
        <SubmitHint id={hintId} missing={missing} reason={hintReason} />
      </form>
    </PageShell>
  );
}
