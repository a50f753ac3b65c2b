import { useForm, type FieldValues } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { STAFF_ROLES, staffGrantRequestSchema, type StaffGrantRequest } from '@tessera/contracts/admin';
import { brandOptions, brandsQuery } from '../../lib/brandsQuery';
import { contractResolver } from '../../lib/contractResolver';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { FormSelect, FormTextField } from '../../lib/ui/fields';
import { ServerError } from '../../lib/ui/ServerError';
import { grantStaff, grantsQuery } from './staffApi';
import { useGrantTexts } from './useGrantTexts';

/** "All brands" in the brand choice: `brand: null` in the grant. */
const ALL = '*';

export function GrantForm() {
  const { t } = useI18n();
  const texts = useGrantTexts();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const brands = useQuery(brandsQuery);
  const { control, handleSubmit, reset } = useForm<FieldValues>({
    defaultValues: { email: '', role: 'support', brand: null },
    resolver: contractResolver(staffGrantRequestSchema),
  });
  const grant = useMutation({
    mutationFn: grantStaff,
    onSuccess: async (_, request) => {
      notify(t('staff.granted', { email: request.email, role: texts.role(request.role), brand: texts.brand(request.brand) }));
      reset();
      await queryClient.invalidateQueries({ queryKey: grantsQuery.queryKey });
    },
  });
  return (
    <section className="panel" aria-labelledby="grant-title">
      <h2 id="grant-title" className="panel__title">
        {t('staff.grant')}
      </h2>
      <form className="form form--inline" noValidate onSubmit={handleSubmit((values) => grant.mutate(values as StaffGrantRequest))}>
        <FormTextField control={control} name="email" type="email" label={t('staff.email')} invalidText={t('staff.email.invalid')} autoComplete="off" />
        <FormSelect
          control={control}
          name="role"
          label={t('staff.roleLabel')}
          invalidText={t('staff.role.invalid')}
          options={STAFF_ROLES.map((role) => ({ id: role, label: texts.role(role) }))}
        />
        <FormSelect
          control={control}
          name="brand"
          label={t('staff.brand')}
          invalidText={t('staff.brand.invalid')}
          options={[{ id: ALL, label: t('common.allBrands') }, ...brandOptions(brands.data?.brands)]}
          toValue={(id) => (id === ALL ? null : id)}
          fromValue={(value) => (typeof value === 'string' ? value : ALL)}
        />
        <Button type="submit" className="button button--primary" isPending={grant.isPending}>
          {t('staff.grant.submit')}
        </Button>
      </form>
      <ServerError error={grant.error} />
    </section>
  );
}
