import { ApiError } from '../http';
import { useI18n, type TextKey } from '../i18n';

/** The codes the back office says in its own words; any other error is "could not be done". */
const KNOWN: Record<string, TextKey> = {
  FORBIDDEN: 'errors.forbidden',
  CARD_NOT_FOUND: 'errors.cardNotFound',
  NOT_FOUND: 'errors.notFound',
  VALIDATION_FAILED: 'errors.invalid',
  RATE_LIMITED: 'errors.rateLimited',
  FOUR_EYES_REQUIRED: 'errors.fourEyes',
  ALREADY_DECIDED: 'errors.alreadyDecided',
  BALANCE_TOO_LOW: 'errors.balanceTooLow',
  REFERENCE_REUSED: 'errors.referenceReused',
  NO_PENDING_PAYOUTS: 'errors.noPendingPayouts',
  PAYOUT_STATUS_CONFLICT: 'errors.payoutStatusConflict',
  BATCH_FILE_CHANGED: 'errors.batchFileChanged',
  PAYOUT_ACCOUNT_MISSING: 'errors.payoutAccountMissing',
  WEBHOOK_REMOVED: 'errors.webhookRemoved',
  WEBHOOK_SWITCHED_OFF: 'errors.webhookSwitchedOff',
  DELIVERY_NOT_RETRYABLE: 'errors.deliveryNotRetryable',
  INVALID_BRAND: 'errors.invalidBrand',
  NOTHING_TO_PUBLISH: 'errors.nothingToPublish',
};

export function useErrorText(): (error: unknown) => string {
  const { t } = useI18n();
  return (error) => {
    const key = error instanceof ApiError ? KNOWN[error.code] : undefined;
    return key ? t(key) : t('errors.generic');
  };
}

/** An error from the server, announced as soon as it shows. */
export function ServerError({ error }: { error: unknown }) {
  const text = useErrorText();
  if (!error) return null;
  return (
    <p role="alert" className="server-error">
      {text(error)}
    </p>
  );
}
