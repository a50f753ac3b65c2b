import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useI18n } from '../i18n';
import { ServerError } from './ServerError';

/**
 * A button that opens a modal dialog (focus kept inside, Escape closes, focus back on the button
 * after) where the person confirms an action. The dialog's content states exactly what will happen;
 * `children` gets `close` to call once the action is done.
 */
export function ConfirmDialog({
  triggerLabel,
  triggerAccessibleName,
  title,
  tone = 'default',
  children,
}: {
  triggerLabel: string;
  /** The trigger's accessible name where its visible label alone is ambiguous (one per table row). */
  triggerAccessibleName?: string;
  title: string;
  tone?: 'default' | 'danger';
  children: (close: () => void) => ReactNode;
}) {
  return (
    <DialogTrigger>
      <Button aria-label={triggerAccessibleName} className={`button button--${tone === 'danger' ? 'danger-outline' : 'secondary'}`}>{triggerLabel}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal">
          <Dialog className="dialog">
            {({ close }) => (
              <>
                <Heading slot="title" className="dialog__title">
                  {title}
                </Heading>
                {children(close)}
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

/** The dialog's two buttons: cancel (closes, changes nothing) and the action itself. */
export function DialogButtons({ confirmLabel, busy, tone = 'default' }: { confirmLabel: string; busy: boolean; tone?: 'default' | 'danger' }) {
  const { t } = useI18n();
  return (
    <div className="dialog__buttons">
      <Button slot="close" className="button button--secondary">
        {t('dialog.cancel')}
      </Button>
      <Button type="submit" isPending={busy} className={`button button--${tone === 'danger' ? 'danger' : 'primary'}`}>
        {confirmLabel}
      </Button>
    </div>
  );
}

/**
 * A confirmation that asks nothing more: what will happen, the server's refusal if there is one,
 * and the two buttons; confirming runs `action`.
 */
export function ConfirmForm({
  consequence,
  action,
  confirmLabel,
  tone = 'default',
}: {
  consequence: string;
  action: UseMutationResult<unknown, Error, void>;
  confirmLabel: string;
  tone?: 'default' | 'danger';
}) {
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        action.mutate();
      }}
    >
      <p className="dialog__consequence">{consequence}</p>
      <ServerError error={action.error} />
      <DialogButtons confirmLabel={confirmLabel} busy={action.isPending} tone={tone} />
    </form>
  );
}
