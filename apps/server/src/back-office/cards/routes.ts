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
import type { App } from '../../http/route-types.js';
import { brandOfCard, noBrand, staffAndActorOf, staffOf, staffRoute } from '../admin-route.js';
import { listStaffAudit } from '../audit/list-staff-audit.js';
import { adminSchema, idParams } from '../route-schema.js';
import type { StaffActor } from '../../card-commands/actor.js';
import type { StaffContext } from '../staff-context.js';
import { blockCardForStaff, resendReplacementForStaff, unblockCardForStaff, unlockCardForStaff } from './card-actions.js';
import { addCardNote } from './card-notes.js';
import { readCardTimeline } from './card-timeline.js';
import { readCardForStaff } from './read-card.js';
import { searchCards } from './search-cards.js';


/**
 * Support's card work in the back office (docs/back-office.md): search, the
 * card page and its timeline, the support actions, notes and the audit listing. Each route
 * declares its action and brand (admin-route.ts), the guard has checked both before the body is
 * validated, and each calls one service with the caller's brands for that action as its scope.
 */
export async function adminCardRoutes(app: App, { deps }: { deps: ServiceDeps }): Promise<void> {
  const cardBrand = brandOfCard('id', (id) => findBrandCodeOfCard(deps.db, id));
  const read = staffRoute('cards.read', cardBrand);
  const support = staffRoute('cards.support', cardBrand);

  app.post(
    adminApi.searchCards.pattern,
    { config: staffRoute('cards.read', noBrand), schema: adminSchema({ body: cardSearchRequestSchema, response: { 200: cardSearchResultSchema } }, 400) },
    async (request) => searchCards(deps, staffOf(request), request.body),
  );

  app.get(
    adminApi.card.pattern,
    { config: read, schema: adminSchema({ params: idParams, response: { 200: adminCardSchema } }, 400) },
    async (request) => readCardForStaff(deps, ...staffAndActorOf(request), request.params.id),
  );

  app.get(
    adminApi.cardTimeline.pattern,
    { config: read, schema: adminSchema({ params: idParams, querystring: z.object({ cursor: z.string().max(256).optional() }), response: { 200: timelinePageSchema } }, 400) },
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
      { config: support, schema: adminSchema({ params: idParams, body, response: { 200: adminCardSchema } }, 400, ...errors) },
      // The type provider cannot resolve a generic schema's output; Fastify has validated the body against `body`.
      async (request) => act(deps, ...staffAndActorOf(request), request.params.id, request.body as z.output<B>),
    );

  cardAction(adminApi.blockCard.pattern, blockRequestSchema, blockCardForStaff);
  cardAction(adminApi.unblockCard.pattern, cardActionRequestSchema, unblockCardForStaff);
  cardAction(adminApi.unlockCard.pattern, cardActionRequestSchema, unlockCardForStaff);
  cardAction(adminApi.resendReplacement.pattern, cardActionRequestSchema, resendReplacementForStaff, 409);

  app.post(
    adminApi.cardNotes.pattern,
    { config: support, schema: adminSchema({ params: idParams, body: noteRequestSchema, response: { 201: noteSchema } }, 400) },
    async (request, reply) => reply.code(201).send(await addCardNote(deps, ...staffAndActorOf(request), request.params.id, request.body.text)),
  );

  app.get(
    adminApi.audit.pattern,
    { config: staffRoute('cards.read', noBrand), schema: adminSchema({ querystring: auditQuerySchema, response: { 200: auditPageSchema } }, 400) },
    async (request) => listStaffAudit(deps, staffOf(request), request.query),
  );
}
