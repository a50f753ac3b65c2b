import type { AdminFeature } from '../lib/feature';
import { searchFeature } from '../features/search';
import { cardFeature } from '../features/card';
import { auditFeature } from '../features/audit';
import { adjustmentsFeature } from '../features/adjustments';
import { staffFeature } from '../features/staff';
import { payoutBatchesFeature, payoutBatchFeature } from '../features/payout-batches';
import { reportsFeature } from '../features/reports';
import { payoutReviewFeature } from '../features/payout-review';
import { brandIntegrationsFeature } from '../features/brand-integrations';
import { brandSettingsFeature } from '../features/brand-settings';

/**
 * The back office's pages, in the order of the navigation. A new page (adjustments, payouts,
 * reports, brand settings) is a folder under features/ and one line here.
 */
export const FEATURES: readonly AdminFeature[] = [searchFeature, cardFeature, adjustmentsFeature, payoutReviewFeature, payoutBatchesFeature, payoutBatchFeature, auditFeature, reportsFeature, brandSettingsFeature, brandIntegrationsFeature, staffFeature];
