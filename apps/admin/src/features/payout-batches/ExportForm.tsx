import { useForm, type FieldValues } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { PAIN_FORMATS, type PainFormat } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { DialogButtons } from '../../lib/ui/ConfirmDialog';
import { FormSelect } from '../../lib/ui/fields';
import { ServerError } from '../../lib/ui/ServerError';
import { batchesQuery, exportBatch } from './payoutBatchesApi';

/**
 * The confirmation of an export, in its dialog: what will happen, the file's format, and the
 * export itself. Once exported, the batch's page opens, with its file to download.
 */
export function ExportForm({ brand, count, total, close }: { brand: string; count: number; total: string; close: () => void }) {
  const { t } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { control, handleSubmit } = useForm<FieldValues>({ defaultValues: { format: PAIN_FORMATS[0] } });
  const exported = useMutation({
    mutationFn: (format: PainFormat) => exportBatch({ brand, format }),
    onSuccess: async (batch) => {
      notify(t('payoutBatches.exported', { count: batch.count, brand, id: batch.id }));
      close();
      await queryClient.invalidateQueries({ queryKey: batchesQuery.queryKey });
      navigate(`/payout-batches/${encodeURIComponent(batch.id)}`);
    },
  });
  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => exported.mutate(values.format as PainFormat))}>
      <p className="dialog__consequence">{t('payoutBatches.export.consequence', { count, brand, total })}</p>
      <FormSelect
        control={control}
        name="format"
        label={t('payoutBatches.format')}
        invalidText={t('payoutBatches.format.invalid')}
        options={PAIN_FORMATS.map((format) => ({ id: format, label: t(`payoutBatches.format.${format === 'pain.001.001.09' ? 'current' : 'older'}`, { format }) }))}
      />
      <ServerError error={exported.error} />
      <DialogButtons confirmLabel={t('payoutBatches.export.confirm')} busy={exported.isPending} />
    </form>
  );
}
