import { useState } from 'react';
import { Cell, Column, Row, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import type { AdminCardSummary } from '@tessera/contracts/admin';
import { useCardTexts, shownMasked } from '../../lib/cardTexts';
import { useI18n, type TextKey } from '../../lib/i18n';
import { ScrollTable } from '../../lib/ui/ScrollRegion';
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

/** The columns, each sortable, in their order. */
const COLUMNS: { id: string; label: TextKey }[] = [
  { id: 'masked', label: 'card.number' },
  { id: 'brand', label: 'card.brand' },
  { id: 'kind', label: 'card.kindLabel' },
  { id: 'state', label: 'card.stateLabel' },
  { id: 'blocked', label: 'card.blocked' },
  { id: 'balance', label: 'card.balance' },
];

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
    <ScrollTable label={t('search.results')} sortDescriptor={sort} onSortChange={setSort} onRowAction={(id) => navigate(cardPath(String(id)))}>
      <TableHeader columns={COLUMNS}>
        {(column) => (
          <Column id={column.id} isRowHeader={column.id === 'masked'} allowsSorting className={column.id === 'balance' ? 'table__number' : undefined}>
            {t(column.label)}
          </Column>
        )}
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
    </ScrollTable>
  );
}
