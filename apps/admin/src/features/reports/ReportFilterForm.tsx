import { useForm, type FieldValues } from 'react-hook-form';
import { Button } from 'react-aria-components';
import { reportPeriodQuerySchema } from '@tessera/contracts/admin';
import { contractResolver } from '../../lib/contractResolver';
import { useI18n } from '../../lib/i18n';
import { FormSelect, FormTextField, type Option } from '../../lib/ui/fields';
import type { ReportFilter } from './reportsApi';

/** The brand and the period of the reports; the server's own schema checks the dates. */
export function ReportFilterForm({ brands, initial, onFilter }: { brands: readonly Option[]; initial: ReportFilter; onFilter: (filter: ReportFilter) => void }) {
  const { t } = useI18n();
  const { control, handleSubmit } = useForm<FieldValues>({ defaultValues: initial, resolver: contractResolver(reportPeriodQuerySchema) });
  return (
    <form className="form form--inline panel" noValidate aria-label={t('reports.filter')} onSubmit={handleSubmit((values) => onFilter(values as ReportFilter))}>
      <FormSelect control={control} name="brand" label={t('reports.brand')} invalidText={t('reports.brand.invalid')} options={brands} />
      <FormTextField control={control} name="from" label={t('reports.from')} description={t('reports.dateFormat')} invalidText={t('reports.from.invalid')} autoComplete="off" inputMode="numeric" maxLength={10} />
      <FormTextField control={control} name="to" label={t('reports.to')} description={t('reports.dateFormat')} invalidText={t('reports.to.invalid')} autoComplete="off" inputMode="numeric" maxLength={10} />
      <Button type="submit" className="button button--primary">
        {t('reports.apply')}
      </Button>
    </form>
  );
}
