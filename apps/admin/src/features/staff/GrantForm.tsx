import { useForm, type FieldValues } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { STAFF_ROLES, staffGrantRequestSchema, type StaffGrantRequest } from '@tessera/contracts/admin';
import { contractResolver } from '../../lib/contractResolver';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { FormBrandSelect, FormSelect, FormTextField } from '../../lib/ui/fields';
import { ServerError } from '../../lib/ui/ServerError';
import { grantStaff, grantsQuery } from './staffApi';
import { useGrantTexts } from './useGrantTexts';

export function GrantForm() {
  const { t } = useI18n();
  const texts = useGrantTexts();
  const notify = useNotify();
  const queryClient = useQueryClient();
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
        <FormBrandSelect control={control} name="brand" label={t('staff.brand')} invalidText={t('staff.brand.invalid')} all={null} />
        <Button type="submit" className="button button--primary" isPending={grant.isPending}>
          {t('staff.grant.submit')}
        </Button>
      </form>
      <ServerError error={grant.error} />
    </section>
  );
}
