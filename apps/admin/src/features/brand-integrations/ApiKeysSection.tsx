import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldValues } from 'react-hook-form';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { apiKeyRequestSchema, BRAND_API_SCOPES, type ApiKey, type ApiKeyRequest, type CreatedApiKey } from '@tessera/contracts/admin';
import { contractResolver } from '../../lib/contractResolver';
import { useI18n } from '../../lib/i18n';
import { ConfirmDialog, ConfirmForm, DialogButtons } from '../../lib/ui/ConfirmDialog';
import { FormTextField } from '../../lib/ui/fields';
import { Loading } from '../../lib/ui/Loading';
import { PanelHead } from '../../lib/ui/PanelHead';
import { ScrollRegion } from '../../lib/ui/ScrollRegion';
import { ServerError } from '../../lib/ui/ServerError';
import { useDialogAction } from '../../lib/useDialogAction';
import { ChoicesField } from './ChoicesField';
import { apiKeysQuery, createApiKey, revokeApiKey } from './integrationsApi';
import { ShownOnce } from './ShownOnce';

/** The brand's API keys: create one (shown once), see them by name and first characters, revoke one. */
export function ApiKeysSection({ code }: { code: string }) {
  const { t, formatDateTime, language } = useI18n();
  const keys = useQuery(apiKeysQuery(code));
  const items = keys.data?.items ?? [];
  return (
    // Not a landmark of its own: its table's scroll region is one, by the same name.
    <div className="panel">
      <PanelHead id="keys-title" title={t('integrations.keys')}>
        <ConfirmDialog triggerLabel={t('integrations.keys.create')} title={t('integrations.keys.create')}>
          {(close) => <CreateKeyForm code={code} close={close} />}
        </ConfirmDialog>
      </PanelHead>
      <p className="panel__intro">{t('integrations.keys.intro')}</p>
      {keys.isPending && <Loading />}
      <ServerError error={keys.error} />
      {keys.isSuccess && items.length === 0 && <p>{t('integrations.keys.none')}</p>}
      {items.length > 0 && (
        <ScrollRegion label={t('integrations.keys')}>
          <Table aria-label={t('integrations.keys')} className="table">
            <TableHeader>
              <Column isRowHeader>{t('integrations.keys.name')}</Column>
              <Column>{t('integrations.keys.prefix')}</Column>
              <Column>{t('integrations.keys.scopes')}</Column>
              <Column>{t('integrations.keys.created')}</Column>
              <Column>{t('integrations.keys.lastUsed')}</Column>
              <Column>{t('integrations.keys.status')}</Column>
              <Column>
                <span className="visually-hidden">{t('integrations.keys.revoke')}</span>
              </Column>
            </TableHeader>
            <TableBody items={items} dependencies={[language]}>
              {(key) => (
                <Row id={key.id}>
                  <Cell>{key.name}</Cell>
                  <Cell>
                    <span className="mono">{key.prefix}…</span>
                  </Cell>
                  <Cell>
                    <span className="mono">{key.scopes.join(', ')}</span>
                  </Cell>
                  <Cell>{formatDateTime(key.createdAt)}</Cell>
                  <Cell>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('integrations.never')}</Cell>
                  <Cell>{key.revokedAt ? t('integrations.keys.revokedAt', { at: formatDateTime(key.revokedAt) }) : t('integrations.keys.active')}</Cell>
                  <Cell>
                    {!key.revokedAt && (
                      <ConfirmDialog
                        triggerLabel={t('integrations.keys.revoke')}
                        triggerAccessibleName={t('integrations.keys.revoke.name', { name: key.name })}
                        title={t('integrations.keys.revoke.title')}
                        tone="danger"
                      >
                        {(close) => <RevokeKeyForm code={code} apiKey={key} close={close} />}
                      </ConfirmDialog>
                    )}
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </div>
  );
}

/** Name and scopes; once created, the key itself with "you will not see it again", and nothing else to do but close. */
function CreateKeyForm({ code, close }: { code: string; close: () => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { control, handleSubmit } = useForm<FieldValues>({ defaultValues: { name: '', scopes: [] }, resolver: contractResolver(apiKeyRequestSchema) });
  const create = useMutation({
    mutationFn: (request: ApiKeyRequest) => createApiKey(code, request),
    onSuccess: async (key) => {
      setCreated(key);
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery(code).queryKey });
    },
  });
  if (created) {
    return <ShownOnce done={t('integrations.keys.created.done', { name: created.name })} label={t('integrations.keys.key')} value={created.key} warning={t('integrations.keys.once')} close={close} />;
  }
  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => create.mutate(values as ApiKeyRequest))}>
      <FormTextField control={control} name="name" label={t('integrations.keys.name')} description={t('integrations.keys.name.description')} invalidText={t('integrations.keys.name.invalid')} autoComplete="off" maxLength={100} />
      <ChoicesField control={control} name="scopes" label={t('integrations.keys.scopes')} invalidText={t('integrations.keys.scopes.invalid')} choices={BRAND_API_SCOPES} />
      <ServerError error={create.error} />
      <DialogButtons confirmLabel={t('integrations.keys.create.confirm')} busy={create.isPending} />
    </form>
  );
}

function RevokeKeyForm({ code, apiKey, close }: { code: string; apiKey: ApiKey; close: () => void }) {
  const { t } = useI18n();
  const revoke = useDialogAction({
    action: () => revokeApiKey(code, apiKey.id),
    done: () => t('integrations.keys.revoked', { name: apiKey.name }),
    close,
    refresh: apiKeysQuery(code).queryKey,
  });
  return (
    <ConfirmForm
      consequence={t('integrations.keys.revoke.consequence', { name: apiKey.name, prefix: apiKey.prefix })}
      action={revoke}
      confirmLabel={t('integrations.keys.revoke.confirm')}
      tone="danger"
    />
  );
}
