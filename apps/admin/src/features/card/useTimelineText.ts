import type { TimelineEntry } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';

/** An instant as the server sends it (`since`): shown as every other time of the back office. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** Params shown as the server wrote them after the entry's text: free text is never translated. */
const APPENDED = ['reason', 'detail'] as const;

/**
 * A timeline entry in the reader's language: the text of its code with its params filled in,
 * amounts in the locale's way, instants in Amsterdam time, and words the server names (an outcome, a status, a reason) by
 * their text when there is one (`timeline.param.<name>.<value>`), else as sent. A code this app
 * has no text for (a newer server) reads as the server's English summary.
 */
export function useTimelineText() {
  const { t, has, formatMoney, formatDateTime } = useI18n();
  const word = (name: string, value: string) => {
    const key = `timeline.param.${name}.${value}`;
    return has(key) ? t(key) : value;
  };
  const who = (by: string) => {
    const key = `timeline.who.${by}`;
    if (has(key)) return t(key);
    return by.startsWith('api:') ? t('timeline.who.api', { name: by.slice(4) }) : by;
  };
  const text = (entry: TimelineEntry): string => {
    const key = `timeline.code.${entry.code}`;
    if (!has(key)) return entry.summary;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(entry.params)) {
      if (typeof value === 'object') values[name] = formatMoney(value);
      else if (typeof value === 'number') values[name] = String(value);
      else values[name] = ISO_INSTANT.test(value) ? formatDateTime(value) : word(name, value);
    }
    const template = t(key);
    const appended = APPENDED.filter((name) => values[name] !== undefined && !template.includes(`{${name}}`)).map((name) => values[name]!);
    const main = t(key, values);
    return appended.length > 0 ? `${main}: ${appended.join('; ')}` : main;
  };
  return { text, who };
}
