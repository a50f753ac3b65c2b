import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  stripCardNumber,
  type GiftCard,
} from '@tessera/contracts';
import { ApiError } from '../../lib/api';
import { GiftCardNumberField } from '../../components/GiftCardNumberField/GiftCardNumberField';
import { PinCodeField } from '../../components/PinCodeField/PinCodeField';
import { Captcha } from '../../components/Captcha/Captcha';
import { Button } from '../../components/Button/Button';
import { Alert } from '../../components/Alert/Alert';
import { PageUnavailableNotice } from '../../components/Notice/Notice';
import { useLookupGiftCard } from './api/lookupGiftCard';
import styles from './balance.module.css';

type Outcome = 'invalidCard' | 'tooMany' | 'captcha' | 'network' | 'generic' | 'unavailable';

interface LookupFormProps {
  themeCode: string;
  onSuccess: (card: GiftCard) => void;
  /** Tooltip texts for the labels (informationType Tooltip). */
  cardNumberInfo?: ReactNode;
  pinInfo?: ReactNode;
  /** Called for server failures (5xx, malformed answers) that deserve the error page; inline otherwise. */
  onUnexpectedError?: () => void;
}

function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return 'generic';
  if (error.isNetworkError) return 'network';
  if (error.status === 404) return 'invalidCard';
  if (error.status === 403 && error.code === 'FLOW_UNAVAILABLE') return 'unavailable';
  if (error.status === 429 || error.code === 'TOO_MANY_REQUESTS') return 'tooMany';
  if (error.code === 'CAPTCHA_INVALID') return 'captcha';
  return 'generic';
}

function isServerFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.code === 'INVALID_RESPONSE';
}

/** Card number + security code + captcha (spec §2.6), shared by the balance page and its embed. */
export function LookupForm({ themeCode, onSuccess, cardNumberInfo, pinInfo, onUnexpectedError }: LookupFormProps) {
  const { t } = useTranslation();
  const lookup = useLookupGiftCard();
  const [cardNumber, setCardNumber] = useState('');
  const [pinCode, setPinCode] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // A captcha token works once: every attempt gets a fresh widget.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<{ cardNumber?: string; pinCode?: string; captcha?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  if (outcome === 'unavailable') return <PageUnavailableNotice />;

  const validate = () => {
    const digits = stripCardNumber(cardNumber);
    const next: typeof errors = {};
    if (!digits) next.cardNumber = t('card__number_error_required');
    else if (!/^\d+$/.test(digits) || digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS) {
      next.cardNumber = t('card__number_error_length', { min: CARD_NUMBER_MIN_DIGITS, max: CARD_NUMBER_MAX_DIGITS });
    }
    if (!pinCode) next.pinCode = t('card__pin_error_required');
    if (!captchaToken) next.captcha = t('captcha__required');
    return next;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.isPending) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setOutcome(null);
    lookup.mutate(
      { themeCode, cardNumber, pinCode, captchaToken },
      {
        onSuccess: (card) => onSuccess(card),
        onError: (error) => {
          setCaptchaToken(null);
          setCaptchaRound((round) => round + 1);
          const result = outcomeOf(error);
          if (result === 'generic' && onUnexpectedError && isServerFailure(error)) {
            onUnexpectedError();
            return;
          }
          setOutcome(result);
        },
      },
    );
  };

  const retry = () => {
    setPinCode('');
    setOutcome(null);
    lookup.reset();
    pinRef.current?.focus();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={lookup.isPending || undefined}>
      {outcome === 'invalidCard' ? (
        <Alert
          tone="danger"
          actions={
            <Button variant="retry" onClick={retry}>
              {t('generic__retry')}
            </Button>
          }
        >
          <p>{t('balance__invalid_card')}</p>
        </Alert>
      ) : null}
      {outcome === 'tooMany' ? (
        <Alert tone="danger">
          <p>{t('generic__too_many_requests')}</p>
        </Alert>
      ) : null}
      {outcome === 'network' ? (
        <Alert tone="danger">
          <p>{t('generic__network_error')}</p>
        </Alert>
      ) : null}
      {outcome === 'generic' ? (
        <Alert tone="danger" title={t('generic__error_Title')}>
          <p>{t('generic__error_text')}</p>
        </Alert>
      ) : null}

      <GiftCardNumberField
        label={t('card__number_label')}
        value={cardNumber}
        onChange={(value) => {
          setCardNumber(value);
          if (errors.cardNumber) setErrors((e) => ({ ...e, cardNumber: undefined }));
        }}
        info={cardNumberInfo}
        error={errors.cardNumber}
      />
      <PinCodeField
        ref={pinRef}
        label={t('card__pin_label')}
        value={pinCode}
        onChange={(value) => {
          setPinCode(value);
          if (errors.pinCode) setErrors((e) => ({ ...e, pinCode: undefined }));
        }}
        info={pinInfo}
        error={errors.pinCode}
      />
      <Captcha
        key={captchaRound}
        showLoadError
        onToken={(token) => {
          setCaptchaToken(token);
          if (token) setErrors((e) => ({ ...e, captcha: undefined }));
        }}
        error={outcome === 'captcha' ? t('captcha__invalid') : errors.captcha}
      />
      <Button type="submit" loading={lookup.isPending}>
        {t('balance__submit')}
      </Button>
    </form>
  );
}
