import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { stripCardNumber, type CodeRequestResult, type FlowRoute } from '@tessera/contracts';
import { useNavigate } from '../../lib/router';
import { useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { GiftCardNumberField } from '../../components/GiftCardNumberField/GiftCardNumberField';
import { Captcha } from '../../components/Captcha/Captcha';
import { Button } from '../../components/Button/Button';
import { ErrorSummary } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import type { CodeRequestInput } from './api/visaApi';
import type { ErrorTable } from '../../lib/errorMessages';
import type { VisaErrorKey } from './errors';
import { useCardAndCaptcha } from './useCardAndCaptcha';
import { visaStore, type VisaPart } from './state';
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
  /** The part of the flow the code is for: its state gets the card number and the phone the code went to. */
  part: VisaPart;
  /** The step that takes the code, which replaces this one in the history. */
  next: FlowRoute;
  children?: ReactNode;
}

/**
 * Card number + captcha → an SMS code (activate, account/reset). Refusals show their own text
 * (docs/product/visa.md#errors) in an announced alert above the submit; a refused captcha restarts
 * the check. Once the code is sent, the part's state holds the card number and the (masked) phone,
 * and the next step replaces this one.
 */
export function CardCodeRequestForm({ submitLabel, request, errors, part, next, children }: CardCodeRequestFormProps) {
  const { i18n } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const navigate = useNavigate();
  const form = useCardAndCaptcha({
    cardId: CARD_ID,
    errorId: REQUEST_ERROR_ID,
    pending: request.isPending,
    errors,
    refusesCard: (error) => CARD_REFUSALS.has(error),
  });
  const language = i18n.language;

  const onSubmit = (event: FormEvent) => {
    if (!form.submit(event, form.ready)) return;
    const { cardNumber, captchaToken } = form;
    request.mutate(
      { themeCode: theme.code, cardNumber, captchaToken, culture: language === 'en' || language === 'nl' ? language : undefined },
      {
        onSuccess: (answer) => {
          visaStore(part, slug).set({ cardNumber: stripCardNumber(cardNumber), phoneNumber: answer.phoneNumber });
          navigate(next.path(slug), { replace: true });
        },
        onError: form.fail,
      },
    );
  };

  const hintId = 'visa-request-hint';
  const missing = form.missing();

  return (
    <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate aria-busy={request.isPending || undefined}>
      <ErrorSummary problems={form.problems()} round={form.round} />
      <GiftCardNumberField {...form.cardField} />
      <Captcha key={form.captchaRound} {...form.captcha} />
      <Button type="submit" loading={request.isPending} disabled={!form.ready} aria-describedby={missing.length ? hintId : undefined}>
        {submitLabel}
      </Button>
      <SubmitHint id={hintId} missing={missing} />
      {children}
    </form>
  );
}
