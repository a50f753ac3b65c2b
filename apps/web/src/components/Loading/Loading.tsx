import { useTranslation } from '../../lib/useTranslation';
import { Spinner } from '../Spinner/Spinner';
import styles from './Loading.module.css';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <Spinner size={24} />
      <span>{label ?? t('generic__loading')}</span>
    </div>
  );
}
