import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADJUSTMENT_MAX, adjustmentRequestSchema, grantAllows, type AdminCard, type Adjustment } from '@tessera/contracts/admin';
import { z } from 'zod';
import { ADJUSTMENTS_KEY, adjustmentsQuery, proposeAdjustment } from '../../lib/adjustments';
import { shownMasked } from '../../lib/cardTexts';
import { useI18n } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { AdjustmentsTable } from '../../lib/ui/AdjustmentsTable';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { FormSelect, FormTextField } from '../../lib/ui/fields';
import { Loading } from '../../lib/ui/Loading';
import { ServerError } from '../../lib/ui/ServerError';
import { ActionForm } from './ActionForm';

/** An amount as staff type it: whole units, and at most two decimals after a comma or a point (5, 5,00, 5.5). */
const TYPED_AMOUNT = /^\d{1,7}(?:[.,]\d{1,2})?$/;

/** Minor units of a typed amount (two decimals: the cards' assets are EUR), or null when it is not one. */
export function minorUnitsOf(typed: unknown): number | null {
  if (typeof typed !== 'string' || !TYPED_AMOUNT.test(typed.trim())) return null;
  const [whole, fraction = ''] = typed.trim().split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const DIRECTIONS = ['add', 'remove'] as const;

/** The form's fields, turned into the contract's request: the amount signed, in the card's asset. */
const proposalForm = (assetCode: string) =>
  z
    .object({
      direction: z.enum(DIRECTIONS),
      amount: z
        .string()
        .transform((typed, ctx) => {
          const minor = minorUnitsOf(typed);
          if (minor === null || minor === 0 || minor > ADJUSTMENT_MAX) {
            ctx.addIssue({ code: 'custom', message: 'an amount above 0' });
            return z.NEVER;
          }
          return minor;
        }),
      reason: adjustmentRequestSchema.shape.reason,
      reference: adjustmentRequestSchema.shape.reference,
    })
    .transform(({ direction, amount, reason, reference }) => ({
      amount: { value: direction === 'add' ? amount : -amount, assetCode },
      reason,
      ...(reference !== undefined && { reference }),
    }));

/**
 * The card's balance adjustments: who proposed each, who decided it and when, and, for a person
 * who may propose on this card's brand, proposing one. Nothing is booked until a second person
 * approves it on the adjustments page.
 */
export function CardAdjustments({ card }: { card: AdminCard }) {
  const { t, language, formatMoney } = useI18n();
  const me = useMe();
  const queryClient = useQueryClient();
  const adjustments = useQuery(adjustmentsQuery({ status: 'all', card: card.id }));
  const mayPropose = me.grants.some((grant) => grantAllows(grant, 'adjustments.propose', card.brand));
  const which = { masked: shownMasked(card.masked), brand: card.brand };
  const example = language === 'nl' ? '5,00' : '5.00';
  const assetCode = card.balance.assetCode;
  const signed = (values: Record<string, unknown>) => {
    const minor = minorUnitsOf(values.amount);
    return minor === null || minor === 0 ? null : { value: values.direction === 'remove' ? -minor : minor, assetCode };
  };
  const items = adjustments.data?.items ?? [];

  // Not a landmark of its own: the table's scroll region is one, by the same name.
  return (
    <div className="panel">
      <h2 id="card-adjustments-title" className="panel__title">
        {t('card.adjustments')}
      </h2>
      {mayPropose && (
        <div className="actions">
          <ConfirmDialog triggerLabel={t('card.adjust.open')} title={t('card.adjust.title')}>
            {(close) => (
              <ActionForm
                cardId={card.id}
                schema={proposalForm(assetCode)}
                defaultValues={{ direction: 'add', amount: '', reason: '', reference: '' }}
                consequence={(values) => {
                  const amount = signed(values);
                  return amount ? t('card.adjust.consequence', { ...which, amount: formatMoney(amount) }) : t('card.adjust.consequence.noAmount', which);
                }}
                fields={(control) => (
                  <>
                    <FormSelect
                      control={control}
                      name="direction"
                      label={t('card.adjust.direction')}
                      invalidText={t('card.adjust.direction.invalid')}
                      options={DIRECTIONS.map((direction) => ({ id: direction, label: t(`card.adjust.direction.${direction}`) }))}
                    />
                    <FormTextField
                      control={control}
                      name="amount"
                      label={t('card.adjust.amount', { asset: assetCode })}
                      description={t('card.adjust.amount.description', { example })}
                      invalidText={t('card.adjust.amount.invalid', { example })}
                      autoComplete="off"
                      maxLength={12}
                    />
                    <FormTextField control={control} name="reason" label={t('card.adjust.reason')} invalidText={t('card.adjust.reason.invalid')} maxLength={500} autoComplete="off" />
                    <FormTextField control={control} name="reference" label={t('card.adjust.reference')} invalidText={t('card.adjust.reference.invalid')} maxLength={64} autoComplete="off" />
                  </>
                )}
                run={async (values) => {
                  const proposed = await proposeAdjustment(card.id, values as z.output<ReturnType<typeof proposalForm>>);
                  await queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_KEY });
                  return proposed;
                }}
                done={(answer) => t('card.adjust.done', { ...which, amount: formatMoney((answer as Adjustment).amount) })}
                confirmLabel={t('card.adjust.confirm')}
                close={close}
              />
            )}
          </ConfirmDialog>
        </div>
      )}
      {adjustments.isPending && <Loading />}
      <ServerError error={adjustments.error} />
      {adjustments.isSuccess &&
        (items.length === 0 ? <p>{t('card.adjustments.empty')}</p> : <AdjustmentsTable label={t('card.adjustments')} items={items} />)}
    </div>
  );
}
