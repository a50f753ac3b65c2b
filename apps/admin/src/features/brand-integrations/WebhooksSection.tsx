import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldValues } from 'react-hook-form';
import { WEBHOOK_EVENT_TYPES, webhookRequestSchema, type AddedWebhook, type WebhookRequest } from '@tessera/contracts/admin';
import { contractResolver } from '../../lib/contractResolver';
import { ApiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { ConfirmDialog, DialogButtons } from '../../lib/ui/ConfirmDialog';
import { FormTextField } from '../../lib/ui/fields';
import { Loading } from '../../lib/ui/Loading';
import { PanelHead } from '../../lib/ui/PanelHead';
import { ServerError } from '../../lib/ui/ServerError';
import { ChoicesField } from './ChoicesField';
import { EndpointItem } from './EndpointItem';
import { addWebhook, webhooksQuery } from './integrationsApi';
import { ShownOnce } from './ShownOnce';

/** The brand's webhook endpoints, live ones first, each with its state, actions and deliveries. */
export function WebhooksSection({ code }: { code: string }) {
  const { t } = useI18n();
  const hooks = useQuery(webhooksQuery(code));
  const items = [...(hooks.data?.items ?? [])].sort((a, b) => Number(a.health.state === 'removed') - Number(b.health.state === 'removed'));
  return (
    <section className="panel" aria-labelledby="hooks-title">
      <PanelHead id="hooks-title" title={t('integrations.hooks')}>
        <ConfirmDialog triggerLabel={t('integrations.hooks.add')} title={t('integrations.hooks.add')}>
          {(close) => <AddWebhookForm code={code} close={close} />}
        </ConfirmDialog>
      </PanelHead>
      <p className="panel__intro">{t('integrations.hooks.intro')}</p>
      {hooks.isPending && <Loading />}
      <ServerError error={hooks.error} />
      {hooks.isSuccess && items.length === 0 && <p>{t('integrations.hooks.none')}</p>}
      {items.length > 0 && (
        <ul className="endpoints">
          {items.map((endpoint) => (
            <EndpointItem key={endpoint.id} code={code} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </section>
  );
}

const urlRefused = (error: unknown) => error instanceof ApiError && error.code === 'VALIDATION_ERROR';

/** URL and events (none chosen: every event); once added, the signing secret with "you will not see it again". */
function AddWebhookForm({ code, close }: { code: string; close: () => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<AddedWebhook | null>(null);
  const { control, handleSubmit, setError } = useForm<FieldValues>({ defaultValues: { url: '', events: [] }, resolver: contractResolver(webhookRequestSchema) });
  const add = useMutation({
    mutationFn: (request: WebhookRequest) => addWebhook(code, request),
    onSuccess: async (endpoint) => {
      setAdded(endpoint);
      await queryClient.invalidateQueries({ queryKey: webhooksQuery(code).queryKey });
    },
    // The server's URL checks (https in production, no private address): said at once, and beside the field.
    onError: (error) => {
      if (urlRefused(error)) setError('url', { type: 'server' });
    },
  });
  if (added) {
    return <ShownOnce done={t('integrations.hooks.added', { url: added.url })} label={t('integrations.hooks.secret')} value={added.secret} warning={t('integrations.hooks.once')} close={close} />;
  }
  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => add.mutate(values as WebhookRequest))}>
      <FormTextField control={control} name="url" label={t('integrations.hooks.url')} description={t('integrations.hooks.url.description')} invalidText={t('integrations.hooks.url.invalid')} autoComplete="off" inputMode="text" maxLength={2000} />
      <ChoicesField
        control={control}
        name="events"
        label={t('integrations.hooks.events')}
        description={t('integrations.hooks.events.description')}
        invalidText={t('integrations.hooks.events.invalid')}
        choices={WEBHOOK_EVENT_TYPES}
      />
      {urlRefused(add.error) ? (
        <p role="alert" className="server-error">
          {t('errors.webhookUrl')}
        </p>
      ) : (
        <ServerError error={add.error} />
      )}
      <DialogButtons confirmLabel={t('integrations.hooks.add.confirm')} busy={add.isPending} />
    </form>
  );
}
