import { visaRoutes } from '@tessera/contracts';
import { useFlowScreen } from '../../lib/theme/useFlowScreen';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { InfoBlock } from '../../components/InfoBlock/InfoBlock';
import { useRequestActivationCode } from './api/visaApi';
import { CardCodeRequestForm } from './CardCodeRequestScreen';
import { activationCodeErrors } from './errors';

export const ACTIVATE_INFORMATION_ID = 'visa-activate-information';
const EXPLAINERS = [1, 2, 3, 4, 5] as const;

/**
 * /:slug/visa/activate (docs/product/visa.md#screens): card number, captcha and five explainer
 * blocks.
 */
export function ActivateScreen() {
  const { t } = useFlowScreen('visa__activate_title');
  const request = useRequestActivationCode();

  return (
    <PageShell>
      <OverviewTitle
        title={t('visa__activate_title')}
        subtitle={t('visa__activate_subtitle')}
        anchor={{ label: t('visa__activate_how'), targetId: ACTIVATE_INFORMATION_ID }}
      />
      <CardCodeRequestForm
        submitLabel={t('visa__activate_submit')}
        request={request}
        errors={activationCodeErrors}
        part="activation"
        next={visaRoutes.activateOtc}
      />
      <div id={ACTIVATE_INFORMATION_ID}>
        {EXPLAINERS.map((n) => (
          <InfoBlock key={n} title={t(`visa__activate_info_${n}_title`)}>
            <p>{t(`visa__activate_info_${n}_text`)}</p>
          </InfoBlock>
        ))}
      </div>
    </PageShell>
  );
}
