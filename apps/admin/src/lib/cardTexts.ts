import { groupInBlocks } from '@tessera/contracts';
import type { AdminCardSummary } from '@tessera/contracts/admin';
import { useI18n } from './i18n';

/** How a card's kind, state and blocked flag read in the person's language (a new state reads as the server names it). */
export function useCardTexts() {
  const { t, has } = useI18n();
  return {
    kind: (kind: AdminCardSummary['kind']) => t(kind === 'visa' ? 'card.kind.visa' : 'card.kind.giftcard'),
    state: (state: string) => {
      const key = `card.state.${state}`;
      return has(key) ? t(key) : state;
    },
    blocked: (blocked: boolean) => t(blocked ? 'common.yes' : 'common.no'),
  };
}

/** A masked number as the portal and the card show it, in blocks of four ("XXXX XXXX XXXX XXXX 101"): read out over the phone, not counted. */
export const shownMasked = (masked: string) => groupInBlocks(masked.replace(/\s/g, ''));
