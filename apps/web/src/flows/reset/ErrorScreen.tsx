import { useTranslation } from '../../lib/useTranslation';
import { resetRoutes } from '@tessera/contracts';
import { FlowErrorScreen } from '../../components/ErrorPage/FlowErrorScreen';

/**
 * /:slug/reset/error: the shared error page (docs/product/reset.md#screens), with a way back to the
 * form.
 */
export function ErrorScreen() {
  const { t } = useTranslation();
  return <FlowErrorScreen startPath={resetRoutes.start.path} message={t('reset__error_text')} />;
}
