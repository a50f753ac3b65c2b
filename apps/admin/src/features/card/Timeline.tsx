import type { AdminCard } from '@tessera/contracts/admin';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { useI18n } from '../../lib/i18n';
import { ServerError } from '../../lib/ui/ServerError';
import { useTimeline } from './useTimeline';
import { useTimelineText } from './useTimelineText';

/** What happened to the card, newest first, a page at a time. */
export function Timeline({ card }: { card: AdminCard }) {
  const { t, formatMoney, formatDateTime, has } = useI18n();
  const timeline = useTimeline(card);
  const texts = useTimelineText();
  return (
    <section className="panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="panel__title">
        {t('timeline.title')}
      </h2>
      {timeline.items.length === 0 ? (
        <p>{t('timeline.empty')}</p>
      ) : (
        <ol className="timeline">
          {timeline.items.map((entry, index) => {
            const kindKey = `timeline.kind.${entry.kind}`;
            return (
              <li key={`${entry.at}-${index}`} className="timeline__entry">
                <time dateTime={entry.at} className="timeline__when">
                  {formatDateTime(entry.at)}
                </time>
                <div className="timeline__what">
                  <span className="badge">{has(kindKey) ? t(kindKey) : entry.kind}</span> {texts.text(entry)}
                  {entry.amount && <span className={`timeline__amount${entry.amount.value < 0 ? ' timeline__amount--out' : ''}`}> {formatMoney(entry.amount)}</span>}
                </div>
                <div className="timeline__by">{t('timeline.by', { who: texts.who(entry.by) })}</div>
              </li>
            );
          })}
        </ol>
      )}
      <p role="status" className="visually-hidden">
        {t('timeline.shown', { count: timeline.items.length })}
      </p>
      <ServerError error={timeline.error} />
      {/* Openings of the card are on the record but not its history (docs/back-office.md). */}
      <p>
        <Link href={`/audit?card=${encodeURIComponent(card.id)}`}>{t('timeline.openings')}</Link>
      </p>
      {timeline.hasMore && (
        <Button className="button button--secondary" isPending={timeline.loading} onPress={timeline.loadMore}>
          {t('timeline.more')}
        </Button>
      )}
    </section>
  );
}
