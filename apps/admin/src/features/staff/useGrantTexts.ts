import type { StaffRole } from '@tessera/contracts/admin';
import { useI18n } from '../../lib/i18n';

export function useGrantTexts() {
  const { t } = useI18n();
  return {
    role: (role: StaffRole) => t(`staff.role.${role}`),
    brand: (brand: string | null) => brand ?? t('common.allBrands'),
  };
}
