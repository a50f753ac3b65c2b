import type { CaptchaKey } from '@tessera/contracts';

export interface CaptchaVerification {
  ok: boolean;
  /**
   * Identifies the solved challenge so it can be spent once; null when the provider itself makes
   * tokens reusable on purpose (the test provider).
   */
  uniqueId: string | null;
  /** Until when the token could be presented again; spent-token records may be dropped after it. */
  validUntil: Date;
}

/** A captcha provider: what the browser needs to show it, and the server-side check of its token. */
export interface CaptchaPort {
  readonly provider: CaptchaKey['provider'];
  /** The answer of GET /api/Utility/Recaptcha. */
  key(): CaptchaKey;
  verify(token: string, clientAddress: string | undefined): Promise<CaptchaVerification>;
  /** Built-in captcha only: a fresh challenge for the widget. */
  challenge?(): Promise<unknown>;
}
