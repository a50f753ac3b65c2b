import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n';
import { DialogButtons } from '../../lib/ui/ConfirmDialog';
import { Loading } from '../../lib/ui/Loading';
import { CaptionedTable } from '../../lib/ui/ScrollRegion';
import { ServerError } from '../../lib/ui/ServerError';
import { useDialogAction } from '../../lib/useDialogAction';
import { brandSettingsKey, diffQuery, publishBrand } from './brandSettingsApi';
import { changeLabel, changeValue } from './diffText';

/**
 * The publish dialog's content: what publishing changes (the server's diff of the saved draft
 * against the brand, field by field and text by text, before → after), then the confirmation.
 * Edits not yet saved are not part of it, and it says so.
 */
export function PublishForm({ code, unsaved, defaults, close }: { code: string; unsaved: boolean; defaults: Record<string, Record<string, string>>; close: () => void }) {
  const { t } = useI18n();
  const diff = useQuery(diffQuery(code));
  const publish = useDialogAction({ action: () => publishBrand(code), done: ({ version }) => t('brand.publish.done', { version }), close, refresh: brandSettingsKey(code) });
  const changes = diff.data?.changes ?? [];
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (changes.length > 0) publish.mutate();
      }}
    >
      {unsaved && <p className="caution">{t('brand.publish.unsaved')}</p>}
      {diff.isPending && <Loading />}
      <ServerError error={diff.error} />
      {diff.isSuccess &&
        (changes.length === 0 ? (
          <p>{t('brand.publish.nothing')}</p>
        ) : (
          <>
            <p className="dialog__consequence">{t('brand.publish.consequence', { count: changes.length })}</p>
            <CaptionedTable label={t('brand.publish.changes')} className="table diff">
              <thead>
                <tr>
                  <th scope="col">{t('brand.diff.what')}</th>
                  <th scope="col">{t('brand.diff.before')}</th>
                  <th scope="col">{t('brand.diff.after')}</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((change) => (
                  <tr key={change.path}>
                    <th scope="row" className="diff__what">
                      {changeLabel(change.path, t)}
                    </th>
                    <td className="diff__before">{changeValue(change.path, change.before, t, defaults)}</td>
                    <td className="diff__after">{changeValue(change.path, change.after, t, defaults)}</td>
                  </tr>
                ))}
              </tbody>
            </CaptionedTable>
          </>
        ))}
      <ServerError error={publish.error} />
      <DialogButtons confirmLabel={t('brand.publish.confirm')} busy={publish.isPending} />
    </form>
  );
}
