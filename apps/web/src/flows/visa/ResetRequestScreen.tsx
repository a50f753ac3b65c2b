import { useTranslation } from '../../lib/useTranslation';
import { visaRoutes } from '@tessera/contracts';
import { useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { useRequestRecovery } from './api/visaApi';
import { CardCodeRequestForm } from './CardCodeRequestScreen';
import { recoveryRequestErrors } from './errors';
import { visaStore } from './state';

/** account/reset (docs/product/visa.md): card number and captcha → a recovery code by SMS. */
export function ResetRequestScreen() {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const navigate = useNavigate();
  const request = useRequestRecovery();
  useDocumentTitle(t('visa__reset_title'));

  return (
    <PageShell>
      <OverviewTitle title={t('visa__reset_title')} subtitle={t('visa__reset_subtitle')} />
      <CardCodeRequestForm
        submitLabel={t('visa__reset_submit')}
        request={request}
        errors={recoveryRequestErrors}
        onSent={(cardNumber, answer) => {
          visaStore('recovery', slug).set({ cardNumber, phoneNumber: answer.phoneNumber });
          navigate(visaRoutes.accountResetOtc.path(slug), { replace: true });
        }}
      />
    </PageShell>
  );
}
