import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminCard, TimelineEntry } from '@tessera/contracts/admin';
import { timelinePage } from './cardApi';

/**
 * The card's timeline: its first page comes with the card, "Load more" appends the next. The pages
 * loaded belong to the card as fetched: when the card is fetched again (after an action) the
 * timeline starts again from its new first page.
 */
export function useTimeline(card: AdminCard) {
  const [more, setMore] = useState<{ of: AdminCard; items: TimelineEntry[]; nextCursor: string | null } | null>(null);
  const current = more?.of === card ? more : { items: [], nextCursor: card.timelineNextCursor };
  const load = useMutation({
    mutationFn: (cursor: string) => timelinePage(card.id, cursor),
    onSuccess: (page) => setMore({ of: card, items: [...current.items, ...page.items], nextCursor: page.nextCursor }),
  });
  return {
    items: [...card.timeline, ...current.items],
    hasMore: current.nextCursor !== null,
    loadMore: () => current.nextCursor && load.mutate(current.nextCursor),
    loading: load.isPending,
    error: load.error,
  };
}
