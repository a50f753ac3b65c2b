import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandVersion } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { ConfirmDialog, ConfirmForm } from '../../lib/ui/ConfirmDialog';
import { Loading } from '../../lib/ui/Loading';
import { CaptionedTable } from '../../lib/ui/ScrollRegion';
import { ServerError } from '../../lib/ui/ServerError';
import { brandSettingsKey, restoreVersion, versionsQuery } from './brandSettingsApi';

function RestoreForm({ code, item, close, onRestored }: { code: string; item: BrandVersion; close: () => void; onRestored: () => void }) {
  const { t } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: () => restoreVersion(code, item.version),
    onSuccess: async (draft) => {
      queryClient.setQueryData([...brandSettingsKey(code), 'draft'], draft);
      notify(t('brand.restore.done', { version: item.version }));
      close();
      onRestored();
      await queryClient.invalidateQueries({ queryKey: brandSettingsKey(code), predicate: (query) => query.queryKey[2] !== 'draft' });
    },
  });
  return <ConfirmForm consequence={t('brand.restore.consequence', { version: item.version })} action={restore} confirmLabel={t('brand.restore.confirm', { version: item.version })} />;
}

/** Every version published, newest first, who published it and when; any may become the draft again. */
export function VersionsPanel({ code, onRestored }: { code: string; onRestored: () => void }) {
  const { t, formatDateTime } = useI18n();
  const versions = useQuery(versionsQuery(code));
  if (versions.isPending) return <Loading />;
  if (versions.isError) return <ServerError error={versions.error} />;
  if (versions.data.items.length === 0) return <p>{t('brand.versions.none')}</p>;
  return (
    <CaptionedTable label={t('brand.versions.title')}>
      <thead>
        <tr>
          <th scope="col">{t('brand.versions.version')}</th>
          <th scope="col">{t('brand.versions.when')}</th>
          <th scope="col">{t('brand.versions.who')}</th>
          <th scope="col" className="table__number">
            {t('brand.versions.changes')}
          </th>
          <th scope="col">{t('brand.versions.action')}</th>
        </tr>
      </thead>
      <tbody>
        {versions.data.items.map((item) => (
          <tr key={item.version}>
            <th scope="row">{t('brand.versions.number', { version: item.version })}</th>
            <td>{formatDateTime(item.publishedAt)}</td>
            <td>{item.publishedBy ?? t('brand.versions.operator')}</td>
            <td className="table__number">{item.changes}</td>
            <td>
              <ConfirmDialog
                triggerLabel={t('brand.restore.open')}
                triggerAccessibleName={t('brand.restore.name', { version: item.version })}
                title={t('brand.restore.title', { version: item.version })}
              >
                {(close) => <RestoreForm code={code} item={item} close={close} onRestored={onRestored} />}
              </ConfirmDialog>
            </td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}
