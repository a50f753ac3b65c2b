import { useI18n } from '../i18n';

export function Loading() {
  const { t } = useI18n();
  return (
    <p role="status" className="loading">
      {t('loading')}
    </p>
  );
}
