import type { AuditItem } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';

/**
 * An audit event's action and detail in the reader's language: the text of its type
 * (`audit.type.<action>`) and of its outcome (`audit.outcome.<outcome>`), then its free text as
 * the server wrote it (masked there; free text is never translated). A type or outcome this app
 * has no text for (an older event, a newer server, a brand API call's HTTP status) shows as sent.
 */
export function useAuditText() {
  const { t, has } = useI18n();
  const known = (key: string, fallback: string) => (has(key) ? t(key) : fallback);
  return {
    action: (item: AuditItem) => known(`audit.type.${item.action}`, item.action),
    detail: (item: AuditItem) => {
      const outcome = known(`audit.outcome.${item.outcome}`, item.outcome);
      return item.remark === null ? outcome : `${outcome}: ${item.remark}`;
    },
  };
}
