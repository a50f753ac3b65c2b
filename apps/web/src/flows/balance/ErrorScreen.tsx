import { balanceRoutes } from '@tessera/contracts';
import { FlowErrorScreen } from '../../components/ErrorPage/FlowErrorScreen';

/** /:slug/balance/error: the shared error page, with a way back to the lookup. */
export function ErrorScreen() {
  return <FlowErrorScreen startPath={balanceRoutes.start.path} />;
}
