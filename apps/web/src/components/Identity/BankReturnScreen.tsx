import { useDocumentTitle } from '../../lib/theme/FlowContext';
import { Loading } from '../Loading/Loading';
import { OverviewTitle } from '../OverviewTitle/OverviewTitle';
import { PageShell } from '../PageShell/PageShell';
import { useBankReturn, type BankReturn, type BankReturns } from './useBankReturn';

interface BankReturnScreenProps<Outcome extends string> {
  title: string;
  loading: string;
  returns: BankReturns<Outcome>;
  handle: (bankReturn: BankReturn) => Promise<Outcome>;
  pathOf: Readonly<Record<Outcome, (slug: string) => string>>;
}

/** A flow's callback screen as the cardholder sees it: a title and a spinner while useBankReturn handles the return. */
export function BankReturnScreen<Outcome extends string>({ title, loading, returns, handle, pathOf }: BankReturnScreenProps<Outcome>) {
  useDocumentTitle(title);
  useBankReturn(returns, handle, pathOf);
  return (
    <PageShell>
      <OverviewTitle title={title} />
      <Loading label={loading} />
    </PageShell>
  );
}
