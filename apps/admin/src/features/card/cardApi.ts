import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApi, adminCardSchema, noteSchema, timelinePageSchema, type BlockReason } from '@tessera/contracts/admin';
import { callApi } from '../../lib/http';

export const cardQuery = (id: string) =>
  queryOptions({
    queryKey: ['card', id],
    queryFn: () => callApi(adminApi.card.build({ id }), adminCardSchema),
  });

export const timelinePage = (id: string, cursor: string) => callApi(adminApi.cardTimeline.build({ id }, { cursor }), timelinePageSchema);

/** What the resend answers is not read: the card is fetched again after every action. */
const anyAnswer = z.unknown();

export const cardActions = {
  block: (id: string, body: { reason: BlockReason; note?: string }) => callApi(adminApi.blockCard.build({ id }), adminCardSchema, { method: 'POST', body }),
  unblock: (id: string, body: { note?: string }) => callApi(adminApi.unblockCard.build({ id }), adminCardSchema, { method: 'POST', body }),
  unlock: (id: string, body: { note?: string }) => callApi(adminApi.unlockCard.build({ id }), adminCardSchema, { method: 'POST', body }),
  resendReplacement: (id: string) => callApi(adminApi.resendReplacement.build({ id }), anyAnswer, { method: 'POST', body: {} }),
  addNote: (id: string, body: { text: string }) => callApi(adminApi.cardNotes.build({ id }), noteSchema, { method: 'POST', body }),
};
