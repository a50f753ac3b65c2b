import {
  adminApi,
  adminCardSchema,
  auditPageSchema,
  auditQuerySchema,
  blockRequestSchema,
  cardActionRequestSchema,
  cardSearchRequestSchema,
  cardSearchResultSchema,
  noteRequestSchema,
  noteSchema,
  timelinePageSchema,
} from '@tessera/contracts/admin';
import { z } from 'zod';
import { findBrandCodeOfCard } from '../../db/repositories/staff-cards.js';
import type { ServiceDeps } from '../../deps.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/route-types.js';
import { brandOfCard, noBrand, staffOf, staffRoute } from '../admin-route.js';
import { listStaffAudit } from '../audit/list-staff-audit.js';
import type { StaffActor } from '../../card-commands/actor.js';
import { type StaffContext, staffActorOf } from '../staff-context.js';
import { blockCardForStaff, resendReplacementForStaff, unblockCardForStaff, unlockCardForStaff } from './card-actions.js';
import { addCardNote } from './card-notes.js';
import { readCardTimeline } from './card-timeline.js';
import { readCardForStaff } from './read-card.js';
import { searchCards } from './search-cards.js';

/** Every back office API answer can be 401 (no session), 403 (role, or a POST's Origin) and 404 (another host, another brand). */
const guarded = (...more: number[]) => errorResponses(401, 403, 404, ...more);
const hidden = { hide: true } as const;
const cardParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Support's card work in the back office (docs/back-office.md): search, the
 * card page and its timeline, the support actions, notes and the audit listing. Each route
 * declares its action and brand (admin-route.ts), the guard has checked both before the body is
 * validated, and each calls one service with the caller's brands for that action as its scope.
 */
export async function adminCardRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const cardBrand = brandOfCard('id', async (id) => (await findBrandCodeOfCard(deps.db, id)) ?? 'not found');
  const read = staffRoute('cards.read', cardBrand);
  const support = staffRoute('cards.support', cardBrand);

  app.post(
    adminApi.searchCards.pattern,
    { config: staffRoute('cards.read', noBrand), schema: { ...hidden, body: cardSearchRequestSchema, response: { 200: cardSearchResultSchema, ...guarded(400) } } },
    async (request) => searchCards(deps, staffOf(request), request.body),
  );

  app.get(adminApi.card.pattern, { config: read, schema: { ...hidden, params: cardParams, response: { 200: adminCardSchema, ...guarded(400) } } }, async (request) => {
    const ctx = staffOf(request);
    return readCardForStaff(deps, ctx, staffActorOf(ctx), request.params.id);
  });

  app.get(
    adminApi.cardTimeline.pattern,
    { config: read, schema: { ...hidden, params: cardParams, querystring: z.object({ cursor: z.string().max(256).optional() }), response: { 200: timelinePageSchema, ...guarded(400) } } },
    async (request) => readCardTimeline(deps, staffOf(request), request.params.id, request.query.cursor),
  );

  /** A support action on one card (card-actions.ts): it answers the card as it is afterwards. */
  const cardAction = <B extends z.ZodType>(
    pattern: string,
    body: B,
    act: (deps: ServiceDeps, scope: StaffContext, actor: StaffActor, cardId: string, request: z.output<B>) => ReturnType<typeof blockCardForStaff>,
    ...errors: number[]
  ) =>
    app.post(
      pattern,
      { config: support, schema: { ...hidden, params: cardParams, body, response: { 200: adminCardSchema, ...guarded(400, ...errors) } } },
      async (request) => {
        const ctx = staffOf(request);
        // The type provider cannot resolve a generic schema's output; Fastify has validated the body against `body`.
        return act(deps, ctx, staffActorOf(ctx), request.params.id, request.body as z.output<B>);
      },
    );

  cardAction(adminApi.blockCard.pattern, blockRequestSchema, blockCardForStaff);
  cardAction(adminApi.unblockCard.pattern, cardActionRequestSchema, unblockCardForStaff);
  cardAction(adminApi.unlockCard.pattern, cardActionRequestSchema, unlockCardForStaff);
  cardAction(adminApi.resendReplacement.pattern, cardActionRequestSchema, resendReplacementForStaff, 409);

  app.post(
    adminApi.cardNotes.pattern,
    { config: support, schema: { ...hidden, params: cardParams, body: noteRequestSchema, response: { 201: noteSchema, ...guarded(400) } } },
    async (request, reply) => {
      const ctx = staffOf(request);
      return reply.code(201).send(await addCardNote(deps, ctx, staffActorOf(ctx), request.params.id, request.body.text));
    },
  );

  app.get(
    adminApi.audit.pattern,
    { config: staffRoute('cards.read', noBrand), schema: { ...hidden, querystring: auditQuerySchema, response: { 200: auditPageSchema, ...guarded(400) } } },
    async (request) => listStaffAudit(deps, staffOf(request), request.query),
  );
}
