import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { MASK_VISIBLE_CHARACTERS, formatDate, maskCardNumber, type BlockCardResult } from '@tessera/contracts';
import { isSafeLocalUrl } from '../../lib/redirectState';
import { absolute } from '../../lib/router';
import { useDocumentTitle } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../OverviewTitle/OverviewTitle';
import { PageShell } from '../PageShell/PageShell';
import { Button } from '../Button/Button';
import { localDay } from '../CardHistory/CardHistory';
import styles from './BlockCard.module.css';

interface BlockedResultProps {
  cardNumber: string;
  result: BlockCardResult;
  /** Where the cardholder goes on: another card's balance, or the VISA login. */
  action: { label: string; onClick: () => void };
}

/**
 * The result of blocking a lost card: a screen of its own on the same address (the card's data is
 * gone from the flow's state by now), saying which card is blocked since when, what comes next
 * (REPLACE where the brand offers it, else the issuer), and one button on. The heading takes focus,
 * as a new screen's does. The REPLACE link is the server's (`replaceUrl`, a gift card of a brand
 * offering REPLACE): the REPLACE route table stays out of this chunk.
 */
export function BlockedResult({ cardNumber, result, action }: BlockedResultProps) {
  const { t, i18n } = useTranslation();
  const title = t('card__blocked_title');
  useDocumentTitle(title);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const heading = content.current?.closest('main')?.querySelector('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, []);
  const language = (i18n.language).split('-')[0]!;
  const digits = maskCardNumber(cardNumber).slice(-MASK_VISIBLE_CHARACTERS);
  return (
    <PageShell hidePoster>
      <OverviewTitle title={title} />
      <div ref={content} className={styles.result} data-testid="blocked-result">
        <p>{t('card__blocked_text', { digits, date: formatDate(localDay(result.blockedAt), language) })}</p>
        {result.replaceUrl && isSafeLocalUrl(result.replaceUrl) ? (
          <p>
            {t('card__blocked_replace_text')}{' '}
            <Link className={styles.replaceLink} href={absolute(result.replaceUrl)}>
              {t('card__blocked_replace_link')}
            </Link>
          </p>
        ) : (
          <p>{t('card__blocked_contact_text')}</p>
        )}
      </div>
      <div className={styles.resultActions}>
        <Button variant="secondary" onClick={action.onClick}>
          {action.label}
        </Button>
      </div>
    </PageShell>
  );
}
