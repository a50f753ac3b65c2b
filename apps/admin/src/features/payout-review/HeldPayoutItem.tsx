import { rejectPayoutRequestSchema, releasePayoutRequestSchema, type HeldPayout } from '@tessera/contracts/admin';
import { Link } from 'wouter';
import { shownMasked } from '../../lib/cardTexts';
import { useI18n } from '../../lib/i18n';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Fact } from '../../lib/ui/Fact';
import { FormTextField } from '../../lib/ui/fields';
import { DecisionForm } from './DecisionForm';
import { FraudCheckbox } from './FraudCheckbox';
import { rejectPayout, releasePayout } from './payoutReviewApi';

type RelatedCard = HeldPayout['related']['sameIban'][number];

function CardLinks({ cards }: { cards: readonly RelatedCard[] }) {
  const { t } = useI18n();
  if (cards.length === 0) return <>{t('payoutReview.none')}</>;
  return (
    <ul className="plain-list">
      {cards.map((card) => (
        <li key={card.id}>
          <Link href={`/cards/${encodeURIComponent(card.id)}`}>{t('payoutReview.relatedCard', { masked: shownMasked(card.masked), brand: card.brand })}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The masked IBAN, which may break after its bank code ("NL74INGB" and "******2109") and nowhere
 * else: on a phone its column is narrower than the whole, and a break among the last four misreads.
 */
function IbanHint({ hint }: { hint: string }) {
  const masked = hint.indexOf('*');
  return (
    <span className="mono">
      {masked > 0 ? (
        <>
          {hint.slice(0, masked)}
          <wbr />
          {hint.slice(masked)}
        </>
      ) : (
        hint
      )}
    </span>
  );
}

/** One held payout: why it was held, its card and the cards like it one click away, and the two decisions. */
export function HeldPayoutItem({ payout }: { payout: HeldPayout }) {
  const { t, formatMoney, formatDateTime } = useI18n();
  const amount = formatMoney(payout.amount);
  const which = { amount, iban: payout.ibanHint, fee: formatMoney(payout.fee), masked: shownMasked(payout.masked), brand: payout.brand };
  const titleId = `held-${payout.id}`;
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('payoutReview.itemTitle', which)}
      </h2>
      <dl className="facts">
        <Fact term={t('payoutReview.rules')} wide>
          <ul className="plain-list">
            {payout.rules.map((rule) => (
              <li key={rule}>{t(`payoutReview.rule.${rule}`)}</li>
            ))}
          </ul>
        </Fact>
        <Fact term={t('payoutReview.card')}>
          <Link href={`/cards/${encodeURIComponent(payout.cardId)}`}>{t('payoutReview.openCard', which)}</Link>
        </Fact>
        <Fact term={t('payoutReview.brand')}>{payout.brand}</Fact>
        <Fact term={t('payoutReview.amount')}>{amount}</Fact>
        <Fact term={t('payoutReview.fee')}>{which.fee}</Fact>
        <Fact term={t('payoutReview.iban')}>
          <IbanHint hint={payout.ibanHint} />
        </Fact>
        <Fact term={t('payoutReview.requested')}>{formatDateTime(payout.createdAt)}</Fact>
        <Fact term={t('payoutReview.sameIban')} wide>
          <CardLinks cards={payout.related.sameIban} />
        </Fact>
        <Fact term={t('payoutReview.sameIdentity')} wide>
          <CardLinks cards={payout.related.sameIdentity} />
        </Fact>
        {payout.related.elsewhere > 0 && (
          <Fact term={t('payoutReview.elsewhereTerm')} wide>
            {t('payoutReview.elsewhere', { count: payout.related.elsewhere })}
          </Fact>
        )}
      </dl>
      <div className="actions actions--spaced">
        <ConfirmDialog triggerLabel={t('payoutReview.release.open')} triggerAccessibleName={t('payoutReview.release.name', which)} title={t('payoutReview.release.title')}>
          {(close) => (
            <DecisionForm
              schema={releasePayoutRequestSchema}
              defaultValues={{ note: '' }}
              consequence={() => t('payoutReview.release.consequence', which)}
              fields={(control) => <FormTextField control={control} name="note" label={t('payoutReview.note')} invalidText={t('payoutReview.note.invalid')} multiline maxLength={2000} />}
              run={(values) => releasePayout(payout.id, values as { note?: string })}
              done={t('payoutReview.released', which)}
              confirmLabel={t('payoutReview.release.confirm')}
              close={close}
            />
          )}
        </ConfirmDialog>
        <ConfirmDialog triggerLabel={t('payoutReview.reject.open')} triggerAccessibleName={t('payoutReview.reject.name', which)} title={t('payoutReview.reject.title')} tone="danger">
          {(close) => (
            <DecisionForm
              schema={rejectPayoutRequestSchema}
              defaultValues={{ reason: '', fraud: false }}
              consequence={(values) => t(values.fraud === true ? 'payoutReview.reject.consequenceFraud' : 'payoutReview.reject.consequence', which)}
              fields={(control) => (
                <>
                  <FormTextField control={control} name="reason" label={t('payoutReview.reject.reason')} invalidText={t('payoutReview.reject.reason.invalid')} multiline maxLength={2000} />
                  <FraudCheckbox control={control} label={t('payoutReview.reject.fraud')} />
                </>
              )}
              run={(values) => rejectPayout(payout.id, values as { reason: string; fraud: boolean })}
              done={t('payoutReview.rejected', which)}
              confirmLabel={t('payoutReview.reject.confirm')}
              tone="danger"
              close={close}
            />
          )}
        </ConfirmDialog>
      </div>
    </section>
  );
}
