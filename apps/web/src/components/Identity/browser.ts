/**
 * Leaving the portal for the bank (docs/product/payout.md#callback: "redirects the browser to the
 * returned authorizationUrl"). An object, so tests can replace `assign` (jsdom cannot navigate).
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
