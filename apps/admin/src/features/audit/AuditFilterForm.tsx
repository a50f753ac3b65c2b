import { useForm, type FieldValues } from 'react-hook-form';
import { Button } from 'react-aria-components';
import { auditQuerySchema } from '@tessera/contracts/admin';
import { contractResolver } from '../../lib/contractResolver';
import { useI18n } from '../../lib/i18n';
import { FormBrandSelect, FormTextField } from '../../lib/ui/fields';
import type { AuditFilter } from './auditApi';

export function AuditFilterForm({ initial, onFilter }: { initial: AuditFilter; onFilter: (filter: AuditFilter) => void }) {
  const { t } = useI18n();
  const { control, handleSubmit } = useForm<FieldValues>({
    defaultValues: { brand: initial.brand, card: initial.card ?? '', staff: initial.staff ?? '' },
    resolver: contractResolver(auditQuerySchema),
  });
  return (
    <form
      className="form form--inline panel"
      noValidate
      aria-label={t('audit.filter')}
      onSubmit={handleSubmit((values) => onFilter(values as AuditFilter))}
    >
      <FormBrandSelect control={control} name="brand" label={t('audit.brand')} invalidText={t('audit.brand.invalid')} all={undefined} />
      <FormTextField control={control} name="card" label={t('audit.card')} invalidText={t('audit.card.invalid')} autoComplete="off" />
      <FormTextField control={control} name="staff" label={t('audit.staff')} invalidText={t('audit.staff.invalid')} autoComplete="off" type="email" />
      <Button type="submit" className="button button--primary">
        {t('audit.apply')}
      </Button>
    </form>
  );
}
