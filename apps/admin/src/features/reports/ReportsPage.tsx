import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { brandOptions, brandsQuery } from '../../lib/brandsQuery';
import { useI18n } from '../../lib/i18n';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ServerError } from '../../lib/ui/ServerError';
import { ActivityReport } from './ActivityReport';
import { ExpiringReport } from './ExpiringReport';
import { LiabilityReport } from './LiabilityReport';
import { ReportFilterForm } from './ReportFilterForm';
import { amsterdamToday, daysBefore, type ReportFilter } from './reportsApi';

/** The period shown first: the 30 days up to today, as the server takes it without one. */
const DEFAULT_DAYS = 30;

/** The reports of one brand at a glance: liability per day, balances expiring soon, activity per day. */
export default function ReportsPage() {
  const { t } = useI18n();
  const brands = useQuery(brandsQuery);
  return (
    <>
      <PageHeading>{t('reports.title')}</PageHeading>
      {brands.isPending ? <Loading /> : brands.data ? <Reports brands={brandOptions(brands.data.brands)} /> : <ServerError error={brands.error} />}
    </>
  );
}

function Reports({ brands }: { brands: ReturnType<typeof brandOptions> }) {
  const { t } = useI18n();
  const [filter, setFilter] = useState<ReportFilter | null>(() => {
    const first = brands[0];
    const to = amsterdamToday();
    return first ? { brand: first.id, from: daysBefore(to, DEFAULT_DAYS - 1), to } : null;
  });
  if (!filter) return <p>{t('reports.noBrands')}</p>;
  return (
    <>
      <ReportFilterForm brands={brands} initial={filter} onFilter={setFilter} />
      <LiabilityReport filter={filter} />
      <ExpiringReport filter={filter} />
      <ActivityReport filter={filter} />
    </>
  );
}
