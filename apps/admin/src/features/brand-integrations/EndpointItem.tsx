import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { WebhookDelivery, WebhookEndpoint } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { ConfirmDialog, ConfirmForm } from '../../lib/ui/ConfirmDialog';
import { ScrollRegion } from '../../lib/ui/ScrollRegion';
import { ServerError } from '../../lib/ui/ServerError';
import { useDialogAction } from '../../lib/useDialogAction';
import { deliveriesQuery, removeWebhook, retryDelivery, sendTestEvent, switchOnWebhook, webhooksQuery } from './integrationsApi';

/** What the page may ask again of a delivery: one that failed (given up, held while switched off) or that waits after a failed attempt. */
const mayRetry = (delivery: WebhookDelivery) => delivery.retryable && (delivery.status === 'failed' || delivery.attempts > 0);

/** One endpoint: its URL, events and state (live, switched off since when and why, removed), its actions and its deliveries. */
export function EndpointItem({ code, endpoint }: { code: string; endpoint: WebhookEndpoint }) {
  const { t, formatDateTime } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['integrations', code, 'webhooks'] });
  const test = useMutation({
    mutationFn: () => sendTestEvent(code, endpoint.id),
    onSuccess: async () => {
      notify(t('integrations.hooks.tested', { url: endpoint.url }));
      await refresh();
    },
  });
  const switchOn = useMutation({
    mutationFn: () => switchOnWebhook(code, endpoint.id),
    onSuccess: async (answer) => {
      notify(t('integrations.hooks.switchedOn', { url: endpoint.url, count: answer.requeued }));
      await refresh();
    },
  });
  const state = endpoint.health;
  const titleId = `endpoint-${endpoint.id}`;
  return (
    <li className={`endpoint endpoint--${state.state}`}>
      <h3 id={titleId} className="endpoint__url mono">
        {endpoint.url}
      </h3>
      <dl className="facts">
        <div className="facts__item">
          <dt>{t('integrations.hooks.state')}</dt>
          <dd>
            <span className={`badge badge--${state.state}`}>{t(`integrations.hooks.state.${state.state}`)}</span>
          </dd>
        </div>
        {state.state !== 'active' && (
          <div className="facts__item">
            <dt>{t('integrations.hooks.since')}</dt>
            <dd>{formatDateTime(state.since)}</dd>
          </div>
        )}
        <div className="facts__item">
          <dt>{t('integrations.hooks.events')}</dt>
          <dd className="mono">{endpoint.events === 'all' ? t('integrations.hooks.events.all') : endpoint.events.join(', ')}</dd>
        </div>
        <div className="facts__item">
          <dt>{t('integrations.hooks.waiting')}</dt>
          <dd>{endpoint.waiting}</dd>
        </div>
        <div className="facts__item">
          <dt>{t('integrations.hooks.missed')}</dt>
          <dd>{endpoint.missed}</dd>
        </div>
      </dl>
      {state.state === 'switched_off' && (
        <p className="caution">
          {t('integrations.hooks.switchedOff.why', { since: formatDateTime(state.since), failing: state.failingSince ? formatDateTime(state.failingSince) : '—', count: endpoint.missed })}
        </p>
      )}
      {state.state === 'failing' && <p className="caution">{t('integrations.hooks.failing.why', { since: formatDateTime(state.since), count: state.failures })}</p>}
      {state.state !== 'removed' && (
        <div className="row-actions">
          {state.state === 'switched_off' ? (
            <Button className="button button--primary" isPending={switchOn.isPending} onPress={() => switchOn.mutate()} aria-label={t('integrations.hooks.switchOn.name', { url: endpoint.url })}>
              {t('integrations.hooks.switchOn')}
            </Button>
          ) : (
            <Button className="button button--secondary" isPending={test.isPending} onPress={() => test.mutate()} aria-label={t('integrations.hooks.test.name', { url: endpoint.url })}>
              {t('integrations.hooks.test')}
            </Button>
          )}
          <ConfirmDialog
            triggerLabel={t('integrations.hooks.remove')}
            triggerAccessibleName={t('integrations.hooks.remove.name', { url: endpoint.url })}
            title={t('integrations.hooks.remove.title')}
            tone="danger"
          >
            {(close) => <RemoveForm code={code} endpoint={endpoint} close={close} />}
          </ConfirmDialog>
        </div>
      )}
      <ServerError error={test.error ?? switchOn.error} />
      <Deliveries code={code} endpoint={endpoint} />
    </li>
  );
}

function RemoveForm({ code, endpoint, close }: { code: string; endpoint: WebhookEndpoint; close: () => void }) {
  const { t } = useI18n();
  const remove = useDialogAction({
    action: () => removeWebhook(code, endpoint.id),
    done: () => t('integrations.hooks.removed', { url: endpoint.url }),
    close,
    refresh: webhooksQuery(code).queryKey,
  });
  return <ConfirmForm consequence={t('integrations.hooks.remove.consequence', { url: endpoint.url })} action={remove} confirmLabel={t('integrations.hooks.remove.confirm')} tone="danger" />;
}

/** The endpoint's deliveries, newest first: status, attempts, the last answer's code, the next try; Retry where it can be sent again. */
function Deliveries({ code, endpoint }: { code: string; endpoint: WebhookEndpoint }) {
  const { t, formatDateTime, language } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const deliveries = useQuery(deliveriesQuery(code, endpoint.id));
  const retry = useMutation({
    mutationFn: (deliveryId: string) => retryDelivery(code, endpoint.id, deliveryId),
    onSuccess: async (answer) => {
      notify(t('integrations.deliveries.retried', { event: answer.delivery.eventType }));
      await queryClient.invalidateQueries({ queryKey: ['integrations', code, 'webhooks'] });
    },
  });
  const items = deliveries.data?.items ?? [];
  const label = t('integrations.deliveries.of', { url: endpoint.url });
  const live = endpoint.health.state === 'active' || endpoint.health.state === 'failing';
  return (
    <div className="endpoint__deliveries">
      <h4 className="endpoint__subtitle">{t('integrations.deliveries')}</h4>
      <ServerError error={deliveries.error ?? retry.error} />
      {deliveries.isSuccess && items.length === 0 && <p>{t('integrations.deliveries.none')}</p>}
      {items.length > 0 && (
        <ScrollRegion label={label}>
          <Table aria-label={label} className="table">
            <TableHeader>
              <Column isRowHeader>{t('integrations.deliveries.event')}</Column>
              <Column>{t('integrations.deliveries.created')}</Column>
              <Column>{t('integrations.deliveries.status')}</Column>
              <Column className="table__number">{t('integrations.deliveries.attempts')}</Column>
              <Column className="table__number">{t('integrations.deliveries.lastCode')}</Column>
              <Column>{t('integrations.deliveries.nextTry')}</Column>
              <Column>
                <span className="visually-hidden">{t('integrations.deliveries.retry')}</span>
              </Column>
            </TableHeader>
            <TableBody items={items} dependencies={[language, live, retry.isPending]}>
              {(delivery) => (
                <Row id={delivery.id}>
                  <Cell>
                    <span className="mono">{delivery.eventType}</span>
                  </Cell>
                  <Cell>{formatDateTime(delivery.createdAt)}</Cell>
                  <Cell>{t(`integrations.deliveries.status.${delivery.status}`)}</Cell>
                  <Cell className="table__number">{delivery.attempts}</Cell>
                  <Cell className="table__number">{delivery.lastStatusCode ?? '—'}</Cell>
                  <Cell>{delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : '—'}</Cell>
                  <Cell>
                    {live && mayRetry(delivery) && (
                      <Button
                        className="button button--secondary"
                        isPending={retry.isPending && retry.variables === delivery.id}
                        onPress={() => retry.mutate(delivery.id)}
                        aria-label={t('integrations.deliveries.retry.name', { event: delivery.eventType, at: formatDateTime(delivery.createdAt) })}
                      >
                        {t('integrations.deliveries.retry')}
                      </Button>
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
