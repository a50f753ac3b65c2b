import { useQuery } from '@tanstack/react-query';
import { Cell, Column, Row, TableBody, TableHeader } from 'react-aria-components';
import type { StaffGrantRequest } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { ConfirmDialog, ConfirmForm } from '../../lib/ui/ConfirmDialog';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ScrollTable } from '../../lib/ui/ScrollRegion';
import { TablePanel } from '../../lib/ui/TablePanel';
import { useDialogAction } from '../../lib/useDialogAction';
import { GrantForm } from './GrantForm';
import { grantsQuery, revokeStaff } from './staffApi';
import { useGrantTexts } from './useGrantTexts';

function RevokeForm({ grant, close }: { grant: StaffGrantRequest; close: () => void }) {
  const { t } = useI18n();
  const texts = useGrantTexts();
  const which = { email: grant.email, role: texts.role(grant.role), brand: texts.brand(grant.brand) };
  const revoke = useDialogAction({ action: () => revokeStaff(grant), done: () => t('staff.revoked', which), close, refresh: grantsQuery.queryKey });
  return <ConfirmForm consequence={t('staff.revoke.consequence', which)} action={revoke} confirmLabel={t('staff.revoke.confirm')} tone="danger" />;
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
      <TablePanel title={t('staff.grants')} query={grants}>
        {rows.length > 0 && (
          <ScrollTable label={t('staff.grants')}>
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
          </ScrollTable>
        )}
      </TablePanel>
    </>
  );
}
