import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { absolute } from '../../lib/router';
import { useTranslation } from '../../lib/useTranslation';
import { type GiftCard, balanceRoutes } from '@tessera/contracts';
import { markPageInteractive } from '../../lib/serverState';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { LookupForm } from './LookupForm';
import { BalanceResult } from './BalanceResult';
import styles from './balance.module.css';

/** True inside a frame; a cross-origin parent makes `window.top` access throw, which also means framed. */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

const neverChanges = () => () => undefined;
/**
 * The server renders the embed as it is meant to be seen, in a frame; a page opened directly
 * hydrates that markup and then shows its note (no hydration mismatch).
 */
const framedOnServer = () => true;

/**
 * /:slug/balance/embed/balance/*: the compact balance check for a brand's own website
 * (docs/product/balance.md#embed).
 *
 * Decision: it renders only inside a frame. Opened directly, it shows a one-line note with a link
 * to the full balance page instead of a blank page, so a cardholder who lands here is not stuck;
 * no form is shown outside a frame. Which sites may frame it is the server's frame-ancestors CSP.
 * The card is kept in component memory only: the host page owns the embed's lifetime.
 */
export function EmbedScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const [card, setCard] = useState<GiftCard | null>(null);
  useDocumentTitle(t('balance__title'));

  const framed = useSyncExternalStore(neverChanges, isFramed, framedOnServer);
  useEffect(markPageInteractive, []);
  if (!framed) {
    return (
      <main className={styles.embedNote}>
        <p>{t('balance__embed_only')}</p>
        <p>
          <Link href={absolute(balanceRoutes.start.path(slug))}>{t('balance__embed_open_full')}</Link>
        </p>
      </main>
    );
  }

  return (
    <main className={styles.embed}>
      <h1 className={styles.embedTitle}>{card ? t('balance__amount_title') : t('balance__title')}</h1>
      {card ? (
        <BalanceResult compact card={card} onRetry={() => setCard(null)} />
      ) : (
        <LookupForm themeCode={theme.code} onSuccess={setCard} />
      )}
    </main>
  );
}
