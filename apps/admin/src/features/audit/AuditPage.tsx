import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Cell, Column, Row, TableBody, TableHeader } from 'react-aria-components';
import { Link, useSearch } from 'wouter';
import { auditQuerySchema } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ScrollTable } from '../../lib/ui/ScrollRegion';
import { ServerError } from '../../lib/ui/ServerError';
import { AuditFilterForm } from './AuditFilterForm';
import { auditQuery, type AuditFilter } from './auditApi';
import { useAuditText } from './useAuditText';

/**
 * A card id as the table shows it: its end (a time-ordered id's start is the same for cards made
 * together), so the details column fits; the link's name and title keep the whole id.
 */
const shortId = (id: string) => (id.length > 12 ? `…${id.slice(-8)}` : id);

export default function AuditPage() {
  const { t, formatDateTime } = useI18n();
  // A card's page links here with `?card=ID` (who opened it): the trail starts filtered by it.
  const card = auditQuerySchema.shape.card.safeParse(new URLSearchParams(useSearch()).get('card') ?? undefined).data;
  const [filter, setFilter] = useState<AuditFilter>(card ? { card } : {});
  const audit = useInfiniteQuery(auditQuery(filter));
  const texts = useAuditText();
  // Each event's position is its key: the trail has no ids and never changes under a filter.
  const items = (audit.data?.pages ?? []).flatMap((page) => page.items).map((item, index) => ({ ...item, key: index }));
  return (
    <>
      <PageHeading>{t('audit.title')}</PageHeading>
      <AuditFilterForm initial={filter} onFilter={setFilter} />
      {audit.isPending ? (
        <Loading />
      ) : (
        <>
          <p role="status" className="results__count">
            {items.length === 0 ? t('audit.none') : t('audit.shown', { count: items.length })}
          </p>
          {items.length > 0 && (
            <ScrollTable label={t('audit.table')}>
              <TableHeader>
                <Column isRowHeader>{t('audit.at')}</Column>
                <Column>{t('audit.staffColumn')}</Column>
                <Column>{t('audit.action')}</Column>
                <Column>{t('audit.brand')}</Column>
                <Column>{t('audit.card')}</Column>
                <Column>{t('audit.detail')}</Column>
              </TableHeader>
              <TableBody items={items}>
                {(item) => (
                  <Row id={item.key}>
                    <Cell>
                      <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                    </Cell>
                    <Cell>{item.staff ?? '—'}</Cell>
                    <Cell>
                      <span title={item.action}>{texts.action(item)}</span>
                    </Cell>
                    <Cell>{item.brand ?? '—'}</Cell>
                    <Cell>
                      {item.card ? (
                        <Link href={`/cards/${encodeURIComponent(item.card)}`} aria-label={item.card} title={item.card} className="mono">
                          {shortId(item.card)}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </Cell>
                    <Cell className="table__wrap">{texts.detail(item)}</Cell>
                  </Row>
                )}
              </TableBody>
            </ScrollTable>
          )}
        </>
      )}
      <ServerError error={audit.error} />
      {audit.hasNextPage && (
        <Button className="button button--secondary" isPending={audit.isFetchingNextPage} onPress={() => void audit.fetchNextPage()}>
          {t('audit.more')}
        </Button>
      )}
    </>
  );
}
