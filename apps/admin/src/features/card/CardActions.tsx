import { BLOCK_REASONS, blockRequestSchema, cardActionRequestSchema, grantAllows, noteRequestSchema, type AdminCard, type BlockReason } from '@tessera/contracts/admin';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { useI18n } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { FormSelect, FormTextField } from '../../lib/ui/fields';
import { ActionForm } from './ActionForm';
import { cardActions } from './cardApi';
import { shownMasked } from '../../lib/cardTexts';

const resendRequestSchema = z.object({}).strict();

/** Whether the card's number has anything for staff to unlock: failed attempts, a cool-down or the lock. */
const hasGuessing = ({ guessing }: AdminCard) => guessing.failedAttempts > 0 || guessing.coolingDownUntil !== null || guessing.locked;

/** An action whose only field is an optional note: its texts are `card.<action>.*`. */
function NoteAction({ card, action, run }: { card: AdminCard; action: 'unblock' | 'unlock'; run: (id: string, body: { note?: string }) => Promise<unknown> }) {
  const { t } = useI18n();
  const which = { masked: shownMasked(card.masked), brand: card.brand };
  return (
    <ConfirmDialog triggerLabel={t(`card.${action}.open`)} title={t(`card.${action}.title`)}>
      {(close) => (
        <ActionForm
          cardId={card.id}
          schema={cardActionRequestSchema}
          defaultValues={{ note: '' }}
          consequence={() => t(`card.${action}.consequence`, which)}
          fields={(control) => <FormTextField control={control} name="note" label={t('card.note.optional')} invalidText={t('card.note.invalid')} multiline maxLength={2000} />}
          run={(values) => run(card.id, values)}
          done={t(`card.${action}.done`, which)}
          confirmLabel={t(`card.${action}.confirm`)}
          close={close}
        />
      )}
    </ConfirmDialog>
  );
}

/**
 * What support may do to the card. A person whose grants do not allow it on this card's brand
 * sees none of it: controls they may not use are left out, not disabled.
 */
export function CardActions({ card }: { card: AdminCard }) {
  const { t } = useI18n();
  const me = useMe();
  const panel = useRef<HTMLElement>(null);
  const blocked = useRef(card.blocked);
  useEffect(() => {
    if (blocked.current === card.blocked) return;
    blocked.current = card.blocked;
    // A block or unblock replaces its dialog's trigger, to which the dialog had given focus back:
    // focus would fall to the page's body and a keyboard user start again from the top.
    if (document.activeElement === document.body) panel.current?.querySelector<HTMLElement>('button')?.focus();
  }, [card.blocked]);
  if (!me.grants.some((grant) => grantAllows(grant, 'cards.support', card.brand))) return null;
  const which = { masked: shownMasked(card.masked), brand: card.brand };

  return (
    <section className="panel" ref={panel} aria-labelledby="card-actions-title">
      <h2 id="card-actions-title" className="panel__title">
        {t('card.actions')}
      </h2>
      <div className="actions">
        {!card.blocked && (
          <ConfirmDialog triggerLabel={t('card.block.open')} title={t('card.block.title')} tone="danger">
            {(close) => (
              <ActionForm
                cardId={card.id}
                schema={blockRequestSchema}
                defaultValues={{ reason: 'lost', note: '' }}
                consequence={(values) => t('card.block.consequence', { ...which, reason: t(`card.blockReason.${(values.reason as BlockReason) ?? 'lost'}`) })}
                fields={(control) => (
                  <>
                    <FormSelect
                      control={control}
                      name="reason"
                      label={t('card.block.reason')}
                      invalidText={t('card.block.reason.invalid')}
                      options={BLOCK_REASONS.map((reason) => ({ id: reason, label: t(`card.blockReason.${reason}`) }))}
                    />
                    <FormTextField control={control} name="note" label={t('card.note.optional')} invalidText={t('card.note.invalid')} multiline maxLength={2000} />
                  </>
                )}
                run={(values) => cardActions.block(card.id, values as { reason: BlockReason; note?: string })}
                done={t('card.block.done', which)}
                confirmLabel={t('card.block.confirm')}
                tone="danger"
                close={close}
              />
            )}
          </ConfirmDialog>
        )}
        {card.blocked && <NoteAction card={card} action="unblock" run={cardActions.unblock} />}
        {hasGuessing(card) && <NoteAction card={card} action="unlock" run={cardActions.unlock} />}
        {card.replacementSent && (
          <ConfirmDialog triggerLabel={t('card.resend.open')} title={t('card.resend.title')}>
            {(close) => (
              <ActionForm
                cardId={card.id}
                schema={resendRequestSchema}
                defaultValues={{}}
                consequence={() => t('card.resend.consequence', which)}
                run={() => cardActions.resendReplacement(card.id)}
                done={t('card.resend.done', which)}
                confirmLabel={t('card.resend.confirm')}
                close={close}
              />
            )}
          </ConfirmDialog>
        )}
        <ConfirmDialog triggerLabel={t('card.note.open')} title={t('card.note.title')}>
          {(close) => (
            <ActionForm
              cardId={card.id}
              schema={noteRequestSchema}
              defaultValues={{ text: '' }}
              consequence={() => t('card.note.consequence', which)}
              fields={(control) => <FormTextField control={control} name="text" label={t('card.note.text')} invalidText={t('card.note.text.invalid')} multiline maxLength={2000} />}
              run={(values) => cardActions.addNote(card.id, values as { text: string })}
              done={t('card.note.done', which)}
              confirmLabel={t('card.note.confirm')}
              close={close}
            />
          )}
        </ConfirmDialog>
      </div>
    </section>
  );
}
