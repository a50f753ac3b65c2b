import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { StaffGrantRequest } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { ConfirmDialog, DialogButtons } from '../../lib/ui/ConfirmDialog';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ScrollRegion } from '../../lib/ui/ScrollRegion';
import { ServerError } from '../../lib/ui/ServerError';
import { GrantForm } from './GrantForm';
import { grantsQuery, revokeStaff } from './staffApi';
import { useGrantTexts } from './useGrantTexts';

function RevokeForm({ grant, close }: { grant: StaffGrantRequest; close: () => void }) {
  const { t } = useI18n();
  const texts = useGrantTexts();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const which = { email: grant.email, role: texts.role(grant.role), brand: texts.brand(grant.brand) };
  const revoke = useMutation({
    mutationFn: () => revokeStaff(grant),
    onSuccess: async () => {
      notify(t('staff.revoked', which));
      close();
      await queryClient.invalidateQueries({ queryKey: grantsQuery.queryKey });
    },
  });
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        revoke.mutate();
      }}
    >
      <p className="dialog__consequence">{t('staff.revoke.consequence', which)}</p>
      <ServerError error={revoke.error} />
      <DialogButtons confirmLabel={t('staff.revoke.confirm')} busy={revoke.isPending} tone="danger" />
    </form>
  );
}

export default function StaffPage() {
  const { t, formatDateTime } = useI18n();
  const texts = useGrantTexts();
  const grants = useQuery(grantsQuery);
  const rows = (grants.data?.grants ?? []).map((grant) => ({ ...grant, key: `${grant.email} ${grant.role} ${grant.brand ?? '*'}` }));
  return (
    <>
      <PageHeading>{t('staff.title')}</PageHeading>
      <GrantForm />
      {/* Not a landmark of its own: the table's scroll region is one, by the same name. */}
      <div className="panel">
        <h2 id="grants-title" className="panel__title">
          {t('staff.grants')}
        </h2>
        {grants.isPending && <Loading />}
        <ServerError error={grants.error} />
        {rows.length > 0 && (
          <ScrollRegion label={t('staff.grants')}>
            <Table aria-label={t('staff.grants')} className="table">
              <TableHeader>
                <Column isRowHeader>{t('staff.email')}</Column>
                <Column>{t('staff.roleLabel')}</Column>
                <Column>{t('staff.brand')}</Column>
                <Column>{t('staff.grantedBy')}</Column>
                <Column>{t('staff.grantedAt')}</Column>
                <Column>
                  <span className="visually-hidden">{t('staff.revoke')}</span>
                </Column>
              </TableHeader>
              <TableBody items={rows}>
                {(grant) => (
                  <Row id={grant.key}>
                    <Cell>{grant.email}</Cell>
                    <Cell>{texts.role(grant.role)}</Cell>
                    <Cell>{texts.brand(grant.brand)}</Cell>
                    <Cell>{grant.grantedBy}</Cell>
                    <Cell>{formatDateTime(grant.grantedAt)}</Cell>
                    <Cell>
                      <ConfirmDialog
                        triggerLabel={t('staff.revoke')}
                        triggerAccessibleName={t('staff.revoke.name', { email: grant.email, role: texts.role(grant.role), brand: texts.brand(grant.brand) })}
                        title={t('staff.revoke.title')} tone="danger">
                        {(close) => <RevokeForm grant={{ email: grant.email, role: grant.role, brand: grant.brand }} close={close} />}
                      </ConfirmDialog>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
      </div>
    </>
  );
}
