import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { stripCardNumber, type CodeRequestResult } from '@tessera/contracts';
import { useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { GiftCardNumberField } from '../../components/GiftCardNumberField/GiftCardNumberField';
import { cardNumberProblem, isCompleteCardNumber, shownCardNumberError } from '../../components/GiftCardNumberField/cardNumberProblem';
import { Captcha } from '../../components/Captcha/Captcha';
import { Button } from '../../components/Button/Button';
import { ErrorSummary, useSubmitRound, type Problem } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import type { CodeRequestInput } from './api/visaApi';
import { errorMessage, type ErrorTable } from '../../lib/errorMessages';
import type { VisaErrorKey } from './errors';
import styles from './visa.module.css';

const REQUEST_ERROR_ID = 'visa-request-error';
const CARD_ID = 'visa-request-card';
/** The refusals that are about the card number typed (the others are limits or failures). */
const CARD_REFUSALS: ReadonlySet<VisaErrorKey> = new Set([
  'visa__error_card_number',
  'visa__error_already_active',
  'visa__error_not_active',
  'visa__login_error',
]);

interface CardCodeRequestFormProps {
  submitLabel: string;
  /** The mutation of the code request (activation or recovery). */
  request: {
    mutate: (input: CodeRequestInput, options: { onSuccess: (answer: CodeRequestResult) => void; onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
  /** What the request's refusals say (errors.ts). */
  errors: ErrorTable<VisaErrorKey>;
  onSent: (cardNumber: string, answer: CodeRequestResult) => void;
  children?: ReactNode;
}

/**
 * Card number + captcha → an SMS code (activate, account/reset). Refusals show their own text
 * (docs/product/visa.md#errors) in an announced alert above the submit; a refused captcha restarts
 * the check.
 */
export function CardCodeRequestForm({ submitLabel, request, errors, onSent, children }: CardCodeRequestFormProps) {
  const { t, i18n } = useTranslation();
  const { theme } = useRequiredFlowContext();
  const [cardNumber, setCardNumber] = useState('');
  const [cardTouched, setCardTouched] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaRefused, setCaptchaRefused] = useState(false);
  const [error, setError] = useState<VisaErrorKey | null>(null);
  const [round, countRound] = useSubmitRound();

  const cardComplete = isCompleteCardNumber(cardNumber);
  const canSubmit = cardComplete && !!captchaToken && !request.isPending;
  const language = i18n.language;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCardTouched(true);
    if (!canSubmit) {
      // Enter in an incomplete form (the button is disabled): the summary says what is missing.
      if (!request.isPending) {
        setError(null);
        setCaptchaRefused(false);
        countRound();
      }
      return;
    }
    setError(null);
    setCaptchaRefused(false);
    request.mutate(
      { themeCode: theme.code, cardNumber, captchaToken, culture: language === 'en' || language === 'nl' ? language : undefined },
      {
        onSuccess: (answer) => onSent(stripCardNumber(cardNumber), answer),
        onError: (failure) => {
          setCaptchaToken(null);
          setCaptchaRound((round) => round + 1);
          const key = errorMessage(failure, errors);
          if (key === 'captcha') setCaptchaRefused(true);
          else setError(key);
          countRound();
        },
      },
    );
  };

  const cardProblem = cardNumberProblem(t, cardNumber);
  const cardError = shownCardNumberError(cardProblem, cardNumber, { submitted: round > 0, touched: cardTouched });
  const refused = !!error && CARD_REFUSALS.has(error);
  const problems: Problem[] = [];
  if (cardProblem) problems.push({ text: cardProblem, target: CARD_ID });
  if (error) problems.push({ text: t(error), target: refused ? CARD_ID : undefined, id: REQUEST_ERROR_ID });
  else if (captchaRefused) problems.push({ text: t('captcha__invalid') });
  else if (!captchaToken) problems.push({ text: t('captcha__required') });
  const hintId = 'visa-request-hint';
  // Why the button is disabled: what is still missing, named as the labels name it.
  const missing = request.isPending
    ? []
    : [...(cardProblem ? [t('card__number_label')] : []), ...(captchaToken ? [] : [t('captcha__label')])];

  return (
    <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate aria-busy={request.isPending || undefined}>
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
        refusedBy={refused ? REQUEST_ERROR_ID : undefined}
      />
      <Captcha
        key={captchaRound}
        onToken={setCaptchaToken}
        error={captchaRefused ? t('captcha__invalid') : round && !captchaToken && !error ? t('captcha__required') : null}
      />
      <Button type="submit" loading={request.isPending} disabled={!canSubmit} aria-describedby={missing.length ? hintId : undefined}>
        {submitLabel}
      </Button>
      <SubmitHint id={hintId} missing={missing} />
      {children}
    </form>
  );
}
