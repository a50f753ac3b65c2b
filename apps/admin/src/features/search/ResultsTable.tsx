import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import type { AdminCardSummary } from '@tessera/contracts/admin';
import { useCardTexts, shownMasked } from '../../lib/cardTexts';
import { useI18n } from '../../lib/i18n';
import { ScrollRegion } from '../../lib/ui/ScrollRegion';
import { sortRows, type SortValue } from '../../lib/ui/sortRows';

const sortValue = (card: AdminCardSummary, column: string): SortValue => {
  switch (column) {
    case 'balance':
      return card.balance.value;
    case 'blocked':
      return card.blocked;
    default:
      return card[column as 'masked' | 'brand' | 'kind' | 'state'];
  }
};

/**
 * The cards a search found, sortable by every column; each links to its card page. Tab reaches the
 * grid on a row, and Enter on that row opens its card, so a keyboard needs no arrow key to the link.
 */
export function ResultsTable({ cards }: { cards: AdminCardSummary[] }) {
  const { t, locale, formatMoney } = useI18n();
  const [, navigate] = useLocation();
  const cardPath = (id: string) => `/cards/${encodeURIComponent(id)}`;
  const texts = useCardTexts();
  const [sort, setSort] = useState<SortDescriptor | undefined>();
  const rows = sortRows(cards, sort, sortValue, locale);
  return (
    <ScrollRegion label={t('search.results')}>
      <Table aria-label={t('search.results')} className="table" sortDescriptor={sort} onSortChange={setSort} onRowAction={(id) => navigate(cardPath(String(id)))}>
        <TableHeader>
          <Column id="masked" isRowHeader allowsSorting>
            {t('card.number')}
          </Column>
          <Column id="brand" allowsSorting>
            {t('card.brand')}
          </Column>
          <Column id="kind" allowsSorting>
            {t('card.kindLabel')}
          </Column>
          <Column id="state" allowsSorting>
            {t('card.stateLabel')}
          </Column>
          <Column id="blocked" allowsSorting>
            {t('card.blocked')}
          </Column>
          <Column id="balance" allowsSorting className="table__number">
            {t('card.balance')}
          </Column>
        </TableHeader>
        <TableBody items={rows}>
          {(card) => (
            <Row id={card.id}>
              <Cell>
                <Link href={cardPath(card.id)} className="mono">
                  {shownMasked(card.masked)}
                </Link>
              </Cell>
              <Cell>{card.brand}</Cell>
              <Cell>{texts.kind(card.kind)}</Cell>
              <Cell>{texts.state(card.state)}</Cell>
              <Cell>{texts.blocked(card.blocked)}</Cell>
              <Cell className="table__number">{formatMoney(card.balance)}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
