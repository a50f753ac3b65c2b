import type { BatchPayout, PayoutSettlement } from '@tessera/contracts/admin';
import { shownMasked } from '../../lib/cardTexts';
import { useI18n } from '../../lib/i18n';
import { ConfirmForm } from '../../lib/ui/ConfirmDialog';
import { useDialogAction } from '../../lib/useDialogAction';
import { batchesQuery, settlePayout } from './payoutBatchesApi';

/** What the bank did, in the order the row offers it, for a payout in each status. */
export const SETTLEMENTS_FROM: Record<string, readonly PayoutSettlement[]> = {
  exported: ['paid', 'failed'],
  paid: ['returned'],
};

/** The confirmation of a settlement, in its dialog: what it does to the payout and the card. */
export function SettleForm({ payout, settlement, close }: { payout: BatchPayout; settlement: PayoutSettlement; close: () => void }) {
  const { t, formatMoney } = useI18n();
  const which = { card: shownMasked(payout.masked), amount: formatMoney(payout.amount), fee: formatMoney(payout.fee) };
  const settle = useDialogAction({
    action: () => settlePayout(payout.id, settlement),
    done: (answer) => (answer.changed ? t(`payoutBatch.settled.${settlement}`, which) : t(`payoutBatch.already.${settlement}`, which)),
    close,
    refresh: batchesQuery.queryKey,
  });
  return (
    <ConfirmForm
      consequence={t(`payoutBatch.settle.${settlement}.consequence`, which)}
      action={settle}
      confirmLabel={t(`payoutBatch.settle.${settlement}`)}
      tone={settlement === 'paid' ? 'default' : 'danger'}
    />
  );
}
