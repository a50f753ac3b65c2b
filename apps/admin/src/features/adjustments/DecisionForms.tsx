import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectAdjustmentRequestSchema, type Adjustment } from '@tessera/contracts/admin';
import { useForm, type FieldValues } from 'react-hook-form';
import { ADJUSTMENTS_KEY, approveAdjustment, rejectAdjustment } from '../../lib/adjustments';
import { shownMasked } from '../../lib/cardTexts';
import { contractResolver } from '../../lib/contractResolver';
import { ApiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { ConfirmForm, DialogButtons } from '../../lib/ui/ConfirmDialog';
import { FormTextField } from '../../lib/ui/fields';
import { ServerError } from '../../lib/ui/ServerError';

/** What a decision's texts name: the amount, the card and who proposed it. */
export function useDecisionTexts(item: Adjustment) {
  const { formatMoney } = useI18n();
  return { amount: formatMoney(item.amount), masked: shownMasked(item.masked), brand: item.brand, who: item.proposedBy, reason: item.reason };
}

/**
 * After a decision, or a refusal that says the list is out of date (decided by someone else
 * meanwhile): the lists and the card's page fetched again.
 */
function useRefresh(item: Adjustment) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_KEY }), queryClient.invalidateQueries({ queryKey: ['card', item.cardId] })]);
}

const isOutOfDate = (error: unknown) => error instanceof ApiError && error.code === 'ALREADY_DECIDED';

export function ApproveForm({ item, close }: { item: Adjustment; close: () => void }) {
  const { t, formatMoney } = useI18n();
  const notify = useNotify();
  const refresh = useRefresh(item);
  const which = useDecisionTexts(item);
  const approve = useMutation({
    mutationFn: () => approveAdjustment(item.id),
    onSuccess: async (answer) => {
      notify(t('adjustments.approve.done', { ...which, balance: formatMoney(answer.balanceAfter) }));
      close();
      await refresh();
    },
    onError: async (error) => {
      if (isOutOfDate(error)) await refresh();
    },
  });
  return <ConfirmForm consequence={t('adjustments.approve.consequence', which)} action={approve} confirmLabel={t('adjustments.approve.confirm')} />;
}

export function RejectForm({ item, close }: { item: Adjustment; close: () => void }) {
  const { t } = useI18n();
  const notify = useNotify();
  const refresh = useRefresh(item);
  const which = useDecisionTexts(item);
  const { control, handleSubmit } = useForm<FieldValues>({ defaultValues: { reason: '' }, resolver: contractResolver(rejectAdjustmentRequestSchema) });
  const reject = useMutation({
    mutationFn: (values: FieldValues) => rejectAdjustment(item.id, values.reason as string),
    onSuccess: async () => {
      notify(t('adjustments.reject.done', which));
      close();
      await refresh();
    },
    onError: async (error) => {
      if (isOutOfDate(error)) await refresh();
    },
  });
  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => reject.mutate(values))}>
      <p className="dialog__consequence">{t('adjustments.reject.consequence', which)}</p>
      <FormTextField control={control} name="reason" label={t('adjustments.reject.reason')} invalidText={t('adjustments.reject.reason.invalid')} maxLength={500} autoComplete="off" />
      <ServerError error={reject.error} />
      <DialogButtons confirmLabel={t('adjustments.reject.confirm')} busy={reject.isPending} tone="danger" />
    </form>
  );
}
