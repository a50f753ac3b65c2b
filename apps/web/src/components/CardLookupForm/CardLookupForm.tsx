import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import type { GiftCard } from '@tessera/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { errorMessage, type ErrorTable } from '../../lib/errorMessages';
import { GiftCardNumberField } from '../GiftCardNumberField/GiftCardNumberField';
import { cardNumberProblem } from '../GiftCardNumberField/cardNumberProblem';
import { PinCodeField } from '../PinCodeField/PinCodeField';
import { Captcha } from '../Captcha/Captcha';
import { Button } from '../Button/Button';
import { ErrorSummary, useSubmitRound, type Problem } from '../ErrorSummary/ErrorSummary';
import { PageUnavailableNotice } from '../Notice/Notice';
import styles from './CardLookupForm.module.css';

/** What a refused lookup shows: a message of its own, or a named outcome the form renders. */
export type LookupOutcome =
  | 'generic__too_many_requests'
  | 'generic__network_error'
  | 'generic__error_text'
  | 'invalidCard'
  | 'captcha'
  | 'unavailable';

/** What a flow's lookup call takes: the card as typed, its security code and the captcha token. */
export interface CardLookupInput {
  /** The brand's code (theme.code). */
  themeCode: string;
  cardNumber: string;
  pinCode: string;
  captchaToken: string | null;
}

interface CardLookupFormProps {
  themeCode: string;
  /** The flow's lookup call (POST /api/GiftCard/, /api/ReplaceCard/, …). */
  lookup: (input: CardLookupInput) => Promise<GiftCard>;
  /** A mutation key per flow, so a flow's lookup is told apart in React Query. */
  lookupKey: readonly string[];
  /** The flow's texts: the invalid-card message and the submit button. */
  invalidCardText: string;
  submitLabel: ReactNode;
  /** The card and the security code it was found with. */
  onSuccess: (card: GiftCard, securityCode: string) => void;
  /** Tooltip texts for the labels (informationType Tooltip). */
  cardNumberInfo?: ReactNode;
  pinInfo?: ReactNode;
  /** Called for server failures (5xx, malformed answers) that deserve the error page; inline otherwise. */
  onUnexpectedError?: () => void;
}

/**
 * The lookup's refusals (docs/product/common.md#error-codes): a wrong number or code (404) the
 * flow's invalid-card text; a flow the brand does not offer its notice; the guessing limit and the
 * per-address limit (429) 'too many'; a refused bot check a new one.
 */
export const lookupErrors: ErrorTable<LookupOutcome> = {
  answers: {
    '403 FLOW_UNAVAILABLE': 'unavailable',
    404: 'invalidCard',
    429: 'generic__too_many_requests',
    0: 'generic__network_error',
    TOO_MANY_REQUESTS: 'generic__too_many_requests',
    CAPTCHA_INVALID: 'captcha',
  },
  fallback: 'generic__error_text',
};

function isServerFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.code === 'INVALID_RESPONSE';
}

/**
 * Card number + security code + captcha, the lookup every gift card flow starts with
 * (docs/product/balance.md#screens, docs/product/replace.md#screens,
 * docs/product/common.md#error-codes): a wrong number or code shows the invalid-card message with a
 * retry button that clears the code.
 */
export function CardLookupForm({
  themeCode,
  lookup: lookupCall,
  lookupKey,
  invalidCardText,
  submitLabel,
  onSuccess,
  cardNumberInfo,
  pinInfo,
  onUnexpectedError,
}: CardLookupFormProps) {
  const { t } = useTranslation();
  const lookup = useMutation({ mutationKey: lookupKey, mutationFn: lookupCall });
  const [cardNumber, setCardNumber] = useState('');
  const [pinCode, setPinCode] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // A captcha token works once: every attempt gets a fresh widget.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [outcome, setOutcome] = useState<LookupOutcome | null>(null);
  const [round, countRound] = useSubmitRound();
  const pinRef = useRef<HTMLInputElement>(null);
  const base = useId();
  const ids = { cardNumber: `${base}-number`, pinCode: `${base}-pin`, refusal: `${base}-refusal` };

  if (outcome === 'unavailable') return <PageUnavailableNotice />;

  // What keeps the lookup from being sent; shown (summary and fields) from the first submit on,
  // and live from then on until fixed.
  const cardNumberError = cardNumberProblem(t, cardNumber) ?? '';
  const pinCodeError = pinCode ? '' : t('card__pin_error_required');
  const problems: Problem[] = [];
  if (cardNumberError) problems.push({ text: cardNumberError, target: ids.cardNumber });
  if (pinCodeError) problems.push({ text: pinCodeError, target: ids.pinCode });
  const sendable = !problems.length && !!captchaToken;
  // The bot check solves itself (a new one after each refusal): a problem only after a submit, or
  // when the server refused it. The check is no field to type in: the summary names it, no link.
  const captchaError = outcome === 'captcha' ? t('captcha__invalid') : round && !captchaToken && !outcome ? t('captcha__required') : '';
  if (captchaError) problems.push({ text: captchaError });
  // The server's refusal: a wrong number or code concerns both fields (linked: the number).
  if (outcome === 'invalidCard') problems.push({ text: invalidCardText, target: ids.cardNumber, id: ids.refusal });
  else if (outcome && !captchaError) problems.push({ text: t(outcome) });
  // Typing again takes back the refusal (and the fields' marks).
  const edited = () => setOutcome(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.isPending) return;
    setOutcome(null);
    if (!sendable) {
      countRound();
      return;
    }
    const securityCode = pinCode;
    lookup.mutate(
      { themeCode, cardNumber, pinCode, captchaToken },
      {
        onSuccess: (card) => onSuccess(card, securityCode),
        onError: (error) => {
          setCaptchaToken(null);
          setCaptchaRound((round) => round + 1);
          const result = errorMessage(error, lookupErrors);
          if (result === 'generic__error_text' && onUnexpectedError && isServerFailure(error)) {
            onUnexpectedError();
            return;
          }
          setOutcome(result);
          countRound();
        },
      },
    );
  };

  const retry = () => {
    setPinCode('');
    setOutcome(null);
    pinRef.current?.focus();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={lookup.isPending || undefined}>
      <ErrorSummary problems={problems} round={round} onRetry={outcome === 'invalidCard' ? retry : undefined} />
      <GiftCardNumberField
        id={ids.cardNumber}
        label={t('card__number_label')}
        value={cardNumber}
        onChange={(value) => {
          setCardNumber(value);
          edited();
        }}
        info={cardNumberInfo}
        error={round ? cardNumberError : null}
        refusedBy={outcome === 'invalidCard' ? ids.refusal : undefined}
      />
      <PinCodeField
        ref={pinRef}
        id={ids.pinCode}
        label={t('card__pin_label')}
        value={pinCode}
        onChange={(value) => {
          setPinCode(value);
          edited();
        }}
        info={pinInfo}
        error={round ? pinCodeError : null}
        refusedBy={outcome === 'invalidCard' ? ids.refusal : undefined}
      />
      <Captcha
        key={captchaRound}
        showLoadError
        onToken={setCaptchaToken}
        error={captchaError}
      />
      <Button type="submit" loading={lookup.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
