import { recordWebhookEvent, webhookCard } from '../../delivery/webhooks/events.js';
import type { HolderInformation, updateHolderInformationRequestSchema } from '@tessera/contracts';
import type { z } from 'zod';
import type { VisaHolderData } from '../../cards/issue-card.js';
import { readHolderData } from '../../cards/visa-holder.js';
import { sealHolderData } from '../../cards/search-indexes.js';
import { updateVisaHolderData } from '../../db/repositories/visa-holders.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { auditOf, type CustomerCall } from '../../customer-call/call-gate.js';
import { checkCardSecretAndWrite } from '../../customer-call/card-secret-check.js';
import { hasPasscode, holderInformation, moveVisaCard, passcodeOf } from './visa-card.js';

type Outcome = { kind: 'updated' | 'unchanged'; answer: HolderInformation } | { kind: 'already_active' };

/**
 * VISA UpdateHolderInformation (PUT /api/visa/UpdateHolderInformation/{themeCode}/, x-flow-type
 * VISA): card number, passcode and the reviewed date of birth, country of birth and nationality.
 * Past the call gate and validation (ISO country codes, a real date from 1920 on), the date must
 * not be after today; then card and passcode under the guessing limits (404 CARD_NOT_FOUND when wrong). In the
 * transaction that verified the passcode: a passcode_set card gets the three fields (holder data
 * re-sealed) and becomes active. An active card was reviewed already: the same values again
 * answer 200 (a repeated submit), other values TOKEN_ALREADY_ACTIVATED. Answers the holder
 * information.
 */
export async function updateHolderInformation(
  deps: ServiceDeps,
  call: CustomerCall,
  request: z.output<typeof updateHolderInformationRequestSchema>,
): Promise<HolderInformation> {
  const { brand } = call;
  if (request.dateOfBirth > deps.now().toISOString().slice(0, 10)) {
    throw new AppError('VALIDATION_ERROR', undefined, [{ path: 'dateOfBirth', message: 'not after today' }]);
  }
  const { crypto } = deps;

  const result = await checkCardSecretAndWrite<Outcome>(deps, {
    ...passcodeOf(request),
    accepts: (card) => hasPasscode(card, brand.id),
    audit: auditOf(call, 'visa.holder_update'),
    write: async (trx, { card, now }) => {
      const at = now.toISOString();
      const holder = await readHolderData(trx, crypto, card.id);
      const reviewed = { dateOfBirth: request.dateOfBirth, countryOfBirth: request.countryOfBirth, nationality: request.nationality };
      if (card.state === 'active') {
        const same =
          holder.dateOfBirth === reviewed.dateOfBirth && holder.countryOfBirth === reviewed.countryOfBirth && holder.nationality === reviewed.nationality;
        if (!same) return { value: { kind: 'already_active' }, outcome: 'already_active' };
        return { value: { kind: 'unchanged', answer: await holderInformation(trx, crypto, card, holder) }, outcome: 'unchanged' };
      }
      const updated: VisaHolderData = { ...holder, ...reviewed };
      await updateVisaHolderData(trx, card.id, sealHolderData(crypto, updated), at);
      const active = await moveVisaCard(trx, card, 'active', at);
      await recordWebhookEvent(trx, crypto, { brandId: brand.id, type: 'card.activated', cardId: card.id, data: { card: webhookCard(card) } }, at);
      return { value: { kind: 'updated', answer: await holderInformation(trx, crypto, active, updated) }, detail: 'holder reviewed; card active' };
    },
  });
  if (!result.ok) throw new AppError(result.code);
  if (result.value.kind === 'already_active') throw new AppError('TOKEN_ALREADY_ACTIVATED');
  return result.value.answer;
}
