import { useDocumentTitle } from '../../lib/theme/FlowContext';
import { PageShell } from '../PageShell/PageShell';
import { OverviewTitle } from '../OverviewTitle/OverviewTitle';
import { Loading } from '../Loading/Loading';
import { useBankReturn, type BankReturn, type BankReturns } from './useBankReturn';

interface BankReturnScreenProps<Outcome extends string> {
  /** The flow's own, defined once (module level): see useBankReturn. */
  returns: BankReturns<Outcome>;
  handle: (bankReturn: BankReturn) => Promise<Outcome>;
  pathOf: Readonly<Record<Outcome, (slug: string) => string>>;
  title: string;
  loading: string;
}

/** A flow's callback screen: a loading page while the return from the bank is handled (useBankReturn). */
export function BankReturnScreen<Outcome extends string>({ returns, handle, pathOf, title, loading }: BankReturnScreenProps<Outcome>) {
  useDocumentTitle(title);
  useBankReturn(returns, handle, pathOf);

  return (
    <PageShell>
      <OverviewTitle title={title} />
      <Loading label={loading} />
    </PageShell>
  );
}
