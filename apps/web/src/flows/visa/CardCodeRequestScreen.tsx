import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, stripCardNumber, type CodeRequestResult } from '@tessera/contracts';
import { useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { GiftCardNumberField } from '../../components/GiftCardNumberField/GiftCardNumberField';
import { Captcha } from '../../components/Captcha/Captcha';
import { Button } from '../../components/Button/Button';
import { Alert } from '../../components/Alert/Alert';
import type { CodeRequestInput } from './api/visaApi';
import { errorMessage, type ErrorTable } from '../../lib/errorMessages';
import type { VisaErrorKey } from './errors';
import styles from './visa.module.css';

export function isCompleteCardNumber(value: string): boolean {
  const digits = stripCardNumber(value);
  return /^\d+$/.test(digits) && digits.length >= CARD_NUMBER_MIN_DIGITS && digits.length <= CARD_NUMBER_MAX_DIGITS;
}

const REQUEST_ERROR_ID = 'visa-request-error';
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

  const cardComplete = isCompleteCardNumber(cardNumber);
  const canSubmit = cardComplete && !!captchaToken && !request.isPending;
  const language = i18n.resolvedLanguage ?? i18n.language;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCardTouched(true);
    if (!canSubmit) return;
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
        },
      },
    );
  };

  const cardError =
    cardTouched && stripCardNumber(cardNumber) && !cardComplete
      ? t('card__number_error_length', { min: CARD_NUMBER_MIN_DIGITS, max: CARD_NUMBER_MAX_DIGITS })
      : undefined;
  const hintId = 'visa-request-hint';
  const hint = !canSubmit && !request.isPending ? t('visa__submit_hint_card') : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={request.isPending || undefined}>
      {error ? (
        <Alert tone="danger" id={REQUEST_ERROR_ID} takeFocus>
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
        refusedBy={error && CARD_REFUSALS.has(error) ? REQUEST_ERROR_ID : undefined}
      />
      <Captcha
        key={captchaRound}
        onToken={setCaptchaToken}
        error={captchaRefused ? t('captcha__invalid') : undefined}
        focusError={captchaRefused}
      />
      <Button type="submit" loading={request.isPending} disabled={!canSubmit} aria-describedby={hint ? hintId : undefined}>
        {submitLabel}
      </Button>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
    </form>
  );
}
