import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { cardNumberProblem, isCompleteCardNumber, shownCardNumberError } from '../../components/GiftCardNumberField/cardNumberProblem';
import { useSubmitRound, type Problem } from '../../components/ErrorSummary/ErrorSummary';
import { errorMessage, type ErrorTable } from '../../lib/errorMessages';
import type { VisaErrorKey } from './errors';

interface CardAndCaptchaOptions {
  /** The card number field's id and the refusal's (the error summary links them). */
  cardId: string;
  errorId: string;
  /** Whether the form's call is under way. */
  pending: boolean;
  /** What the call's refusals say (errors.ts). */
  errors: ErrorTable<VisaErrorKey>;
  /** Whether a refusal is about the card number typed: the field is then marked invalid by it. */
  refusesCard: (error: VisaErrorKey) => boolean;
}

/**
 * The state and rules of a VISA form of a card number and the captcha, with what else the form
 * asks in between (account: the passcode; activate and account/reset: nothing): when a submit may
 * go out, what a refusal does (a refused captcha restarts the check, every refusal uses up the
 * token), and what the error summary and the disabled button's hint say.
 */
export function useCardAndCaptcha({ cardId, errorId, pending, errors, refusesCard }: CardAndCaptchaOptions) {
  const { t } = useTranslation();
  const [cardNumber, setCardNumber] = useState('');
  const [cardTouched, setCardTouched] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaRefused, setCaptchaRefused] = useState(false);
  const [error, setError] = useState<VisaErrorKey | null>(null);
  const [round, countRound] = useSubmitRound();

  const cardProblem = cardNumberProblem(t, cardNumber);
  const refused = !!error && refusesCard(error);

  return {
    cardNumber,
    captchaToken,
    round,
    clearError: () => setError(null),
    /** The card number and the captcha are there and nothing is under way. */
    ready: isCompleteCardNumber(cardNumber) && !!captchaToken && !pending,
    /**
     * On submit: whether the call may go out (`complete`: the whole form is). Enter in an
     * incomplete form (the button is disabled) makes the summary say what is missing.
     */
    submit(event: FormEvent, complete: boolean): boolean {
      event.preventDefault();
      setCardTouched(true);
      if (!complete && pending) return false;
      setError(null);
      setCaptchaRefused(false);
      if (!complete) countRound();
      return complete;
    },
    /** A refusal: the token is used up, and the summary says why. */
    fail(failure: unknown): void {
      setCaptchaToken(null);
      setCaptchaRound((n) => n + 1);
      const key = errorMessage(failure, errors);
      if (key === 'captcha') setCaptchaRefused(true);
      else setError(key);
      countRound();
    },
    /** The error summary's items: the card's, then `between` (the form's other fields), then the refusal or the captcha's. */
    problems(between: Problem[] = []): Problem[] {
      const problems: Problem[] = [];
      if (cardProblem) problems.push({ text: cardProblem, target: cardId });
      problems.push(...between);
      if (error) problems.push({ text: t(error), target: refused ? cardId : undefined, id: errorId });
      else if (captchaRefused) problems.push({ text: t('captcha__invalid') });
      else if (!captchaToken) problems.push({ text: t('captcha__required') });
      return problems;
    },
    /** Why the button is disabled: what is still missing, named as the labels name it. */
    missing(between: string[] = []): string[] {
      if (pending) return [];
      return [...(cardProblem ? [t('card__number_label')] : []), ...between, ...(captchaToken ? [] : [t('captcha__label')])];
    },
    /** The refused-by id for another field a refusal about the card concerns too. */
    refusedBy: refused ? errorId : undefined,
    cardField: {
      id: cardId,
      label: t('card__number_label'),
      autoComplete: 'cc-number' as const,
      value: cardNumber,
      onChange: (value: string) => {
        setCardNumber(value);
        setError(null);
      },
      onBlur: () => setCardTouched(true),
      error: shownCardNumberError(cardProblem, cardNumber, { submitted: round > 0, touched: cardTouched }),
      refusedBy: refused ? errorId : undefined,
    },
    /** The captcha's key: a new round (after a refusal) is a new check. */
    captchaRound,
    captcha: {
      onToken: setCaptchaToken,
      error: captchaRefused ? t('captcha__invalid') : round && !captchaToken && !error ? t('captcha__required') : null,
    },
  };
}
