import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../Alert/Alert';
import { Button } from '../Button/Button';

interface NetworkErrorAlertProps {
  /** The retry button, which takes focus when the alert appears. */
  retryRef: Ref<HTMLButtonElement>;
  /** Lifts the block the network failure put on submitting. */
  onRetry: () => void;
}

/**
 * The server could not be reached (docs/product/common.md#error-codes: a network exception only
 * blocks submit): says so, and offers "try again", which lifts the block. Shared by the RESET form
 * and the VISA passcode steps.
 */
export function NetworkErrorAlert({ retryRef, onRetry }: NetworkErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      tone="danger"
      actions={
        <Button ref={retryRef} variant="retry" onClick={onRetry}>
          {t('generic__retry')}
        </Button>
      }
    >
      <p>{t('generic__network_error')}</p>
    </Alert>
  );
}
