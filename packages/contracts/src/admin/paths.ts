import { apiRoute } from '../api/paths/apiRoute.js';

/** Where the back office lives on its origin (demo: the portal's origin; production: ADMIN_URL). */
export const ADMIN_BASE_PATH = '/admin/';

/** The back office's sign-in. */
export const adminAuth = {
  login: /* @__PURE__ */ apiRoute('/admin/auth/login'),
  callback: /* @__PURE__ */ apiRoute('/admin/auth/callback'),
  logout: /* @__PURE__ */ apiRoute('/admin/auth/logout'),
};

/**
 * The draft's preview (HTML for the back office's iframe, not JSON): the page of a flow
 * (`adminPreviewUrl`), and the draft's images and stylesheet by content hash.
 */
export const adminPreview = {
  page: /* @__PURE__ */ apiRoute('/admin/preview/:code/:flow'),
  file: /* @__PURE__ */ apiRoute('/admin/preview/:code/files/:hash'),
};

/** The back office's JSON API: every route declares its action and brand on the server. */
export const adminApi = {
  me: /* @__PURE__ */ apiRoute('/admin/api/me'),
  searchCards: /* @__PURE__ */ apiRoute('/admin/api/cards/search'),
  card: /* @__PURE__ */ apiRoute('/admin/api/cards/:id'),
  cardTimeline: /* @__PURE__ */ apiRoute('/admin/api/cards/:id/timeline'),
  blockCard: /* @__PURE__ */ apiRoute('/admin/api/cards/:id/block'),
  unblockCard: /* @__PURE__ */ apiRoute('/admin/api/cards/:id/unblock'),
  unlockCard: /* @__PURE__ */ apiRoute('/admin/api/cards/:id/unlock'),
  resendReplacement: /* @__PURE__ */ apiRoute('/admin/api/cards/:id/resend-replacement'),
  cardNotes: /* @__PURE__ */ apiRoute('/admin/api/cards/:id/notes'),
  proposeAdjustment: /* @__PURE__ */ apiRoute('/admin/api/cards/:id/adjustments'),
  adjustments: /* @__PURE__ */ apiRoute('/admin/api/adjustments'),
  approveAdjustment: /* @__PURE__ */ apiRoute('/admin/api/adjustments/:id/approve'),
  rejectAdjustment: /* @__PURE__ */ apiRoute('/admin/api/adjustments/:id/reject'),
  payouts: /* @__PURE__ */ apiRoute('/admin/api/payouts'),
  releasePayout: /* @__PURE__ */ apiRoute('/admin/api/payouts/:id/release'),
  rejectPayout: /* @__PURE__ */ apiRoute('/admin/api/payouts/:id/reject'),
  audit: /* @__PURE__ */ apiRoute('/admin/api/audit'),
  brands: /* @__PURE__ */ apiRoute('/admin/api/brands'),
  /** The published brand file (brand-settings.ts); brand.manage. */
  brand: /* @__PURE__ */ apiRoute('/admin/api/brands/:code'),
  brandDraft: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/draft'),
  brandDraftDiff: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/draft/diff'),
  publishBrand: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/publish'),
  brandVersions: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/versions'),
  restoreBrandVersion: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/versions/:version/restore'),
  textDefaults: /* @__PURE__ */ apiRoute('/admin/api/text-defaults'),
  staff: /* @__PURE__ */ apiRoute('/admin/api/staff'),
  grantStaff: /* @__PURE__ */ apiRoute('/admin/api/staff/grants'),
  revokeStaff: /* @__PURE__ */ apiRoute('/admin/api/staff/grants/revoke'),
  liabilityReport: /* @__PURE__ */ apiRoute('/admin/api/reports/liability'),
  expiringReport: /* @__PURE__ */ apiRoute('/admin/api/reports/expiring'),
  activityReport: /* @__PURE__ */ apiRoute('/admin/api/reports/activity'),
  payoutBatches: /* @__PURE__ */ apiRoute('/admin/api/payout-batches'),
  payoutBatch: /* @__PURE__ */ apiRoute('/admin/api/payout-batches/:id'),
  payoutBatchFile: /* @__PURE__ */ apiRoute('/admin/api/payout-batches/:id/file'),
  markPayoutPaid: /* @__PURE__ */ apiRoute('/admin/api/payouts/:id/mark-paid'),
  markPayoutFailed: /* @__PURE__ */ apiRoute('/admin/api/payouts/:id/mark-failed'),
  returnPayout: /* @__PURE__ */ apiRoute('/admin/api/payouts/:id/return'),
  apiKeys: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/api-keys'),
  revokeApiKey: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/api-keys/:id/revoke'),
  webhooks: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/webhooks'),
  webhook: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/webhooks/:id'),
  switchOnWebhook: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/webhooks/:id/switch-on'),
  testWebhook: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/webhooks/:id/test'),
  webhookDeliveries: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/webhooks/:id/deliveries'),
  retryWebhookDelivery: /* @__PURE__ */ apiRoute('/admin/api/brands/:code/webhooks/:id/deliveries/:deliveryId/retry'),
};
