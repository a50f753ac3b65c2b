import { useTranslation } from '../../lib/useTranslation';
import { InfoBlock } from '../../components/InfoBlock/InfoBlock';

export const IDENTIFY_INFORMATION_ID = 'identify-information';

/** The start screen's explanations: why register, and where the card details are. */
export function InformationBlocks() {
  const { t } = useTranslation();
  return (
    <div id={IDENTIFY_INFORMATION_ID} data-testid="information-blocks">
      <InfoBlock title={t('identify__explanation_title')}>
        <p>{t('identify__explanation_text')}</p>
      </InfoBlock>
      <InfoBlock title={t('identify__card_info_title')}>
        <p>{t('identify__card_info_text')}</p>
      </InfoBlock>
    </div>
  );
}
