import { useI18n } from '../../lib/i18n';

/** A payout's status in the reader's language; a status this app has no text for (a newer server) as the server names it. */
export function usePayoutTexts() {
  const { t, has } = useI18n();
  const status = (value: string) => {
    const key = `payouts.status.${value}`;
    return has(key) ? t(key) : value;
  };
  /** How many payouts are in each status: "2 exported, 1 paid". */
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => t('payouts.statusCount', { count: n, status: status(s) }))
      .join(', ');
  return { status, statuses };
}
