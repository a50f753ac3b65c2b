import type { AdminCard } from '@tessera/contracts/admin';
import { useCardTexts, shownMasked } from '../../lib/cardTexts';
import { useI18n } from '../../lib/i18n';
import { Fact } from '../../lib/ui/Fact';

/** What the card is and how it stands: the number only masked. */
export function CardFacts({ card }: { card: AdminCard }) {
  const { t, formatMoney, formatDateTime, formatDate } = useI18n();
  const texts = useCardTexts();
  const { guessing } = card;
  return (
    <div className="card-facts">
      <section className="panel" aria-labelledby="card-facts-title">
        <h2 id="card-facts-title" className="panel__title">
          {t('card.details')}
        </h2>
        <dl className="facts">
          <Fact term={t('card.number')} wide>
            <span className="mono">{shownMasked(card.masked)}</span>
          </Fact>
          <Fact term={t('card.brand')}>{card.brand}</Fact>
          <Fact term={t('card.kindLabel')}>{texts.kind(card.kind)}</Fact>
          <Fact term={t('card.stateLabel')}>{texts.state(card.state)}</Fact>
          <Fact term={t('card.balance')}>{formatMoney(card.balance)}</Fact>
          <Fact term={t('card.expires')}>{card.expiresAt ? t('card.expires.through', { date: formatDate(card.expiresAt) }) : t('card.expires.never')}</Fact>
          <Fact term={t('card.blocked')}>
            {card.blocked
              ? t('card.blocked.detail', {
                  reason: card.blockReason ? t(`card.blockReason.${card.blockReason}`) : t('card.blockReason.unknown'),
                  since: card.blockedAt ? formatDateTime(card.blockedAt) : '—',
                })
              : t('common.no')}
          </Fact>
        </dl>
      </section>
      <section className="panel" aria-labelledby="card-guessing-title">
        <h2 id="card-guessing-title" className="panel__title">
          {t('card.guessing')}
        </h2>
        <dl className="facts">
          <Fact term={t('card.guessing.failed')}>{guessing.failedAttempts}</Fact>
          <Fact term={t('card.guessing.coolingDown')}>{guessing.coolingDownUntil ? formatDateTime(guessing.coolingDownUntil) : t('card.guessing.notCooling')}</Fact>
          <Fact term={t('card.guessing.locked')}>{t(guessing.locked ? 'common.yes' : 'common.no')}</Fact>
        </dl>
      </section>
    </div>
  );
}
