import { createContext, use, useCallback } from 'react';
import { UNSTABLE_Toast as Toast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastQueue as ToastQueue, UNSTABLE_ToastRegion as ToastRegion, Button, Text } from 'react-aria-components';
import { useI18n } from './i18n';

/*
 * Notifications after an action, through React Aria's toast (marked UNSTABLE_ for its API, not its
 * behaviour: it is the one Adobe ships in React Spectrum). This module is the only one that names
 * it, so a rename upstream is a change here alone.
 */

interface Notice {
  title: string;
}

/** One queue per app instance (tests render several). */
export const createNoticeQueue = () => new ToastQueue<Notice>({ maxVisibleToasts: 3 });
export type NoticeQueue = ReturnType<typeof createNoticeQueue>;

/** Long enough to read a sentence twice; React Aria pauses the timer while it has focus or hover. */
const NOTICE_MS = 8000;

const NoticeContext = createContext<NoticeQueue | null>(null);
export const NoticeQueueProvider = NoticeContext.Provider;

/** Shows a notification, announced by screen readers, that goes away by itself. */
export function useNotify(): (title: string) => void {
  const queue = use(NoticeContext);
  if (!queue) throw new Error('useNotify outside NoticeQueueProvider');
  return useCallback((title: string) => void queue.add({ title }, { timeout: NOTICE_MS }), [queue]);
}

export function NoticeRegion({ queue }: { queue: NoticeQueue }) {
  const { t } = useI18n();
  return (
    <ToastRegion queue={queue} className="notices" aria-label={t('notices.region')}>
      {({ toast }) => (
        <Toast toast={toast} className="notice">
          <ToastContent>
            <Text slot="title">{toast.content.title}</Text>
          </ToastContent>
          <Button slot="close" className="notice__close" aria-label={t('notices.close')}>
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
