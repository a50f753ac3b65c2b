import { visaRoutes } from '@tessera/contracts';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { useRequestRecovery } from './api/visaApi';
import { CardCodeRequestForm } from './CardCodeRequestScreen';
import { recoveryRequestErrors } from './errors';

/** account/reset (docs/product/visa.md): card number and captcha → a recovery code by SMS. */
export function ResetRequestScreen() {
  const { t } = useFlowScreen('visa__reset_title');
  const request = useRequestRecovery();

  return (
    <PageShell>
      <OverviewTitle title={t('visa__reset_title')} subtitle={t('visa__reset_subtitle')} />
      <CardCodeRequestForm
        submitLabel={t('visa__reset_submit')}
        request={request}
        errors={recoveryRequestErrors}
        part="recovery"
        next={visaRoutes.accountResetOtc}
      />
    </PageShell>
  );
}
