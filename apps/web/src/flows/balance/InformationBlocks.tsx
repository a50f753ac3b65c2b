import { useTranslation } from '../../lib/useTranslation';
import { InfoBlock } from '../../components/InfoBlock/InfoBlock';

export const INFORMATION_ID = 'balance-information';

/** The balance explanation and the reset-security-code explanation as blocks. */
export function InformationBlocks({ resetText }: { resetText: string }) {
  const { t } = useTranslation();
  return (
    <div id={INFORMATION_ID} data-testid="information-blocks">
      <InfoBlock title={t('balance__explanation_title')}>
        <p>{t('balance__explanation_text')}</p>
      </InfoBlock>
      <InfoBlock title={t('balance__reset_explanation_title')}>
        <p>{resetText}</p>
      </InfoBlock>
    </div>
  );
}
