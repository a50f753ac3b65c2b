/** Purposes bound into ciphertexts and blind indexes. */
export const PURPOSE = {
  cardNumber: 'card-number',
  visaHolder: 'visa-holder',
  /** Sealed under PIN_KEYS by pin-cipher.ts only. */
  visaPin: 'visa-pin',
  outboxMessage: 'outbox-message',
  localMailbox: 'local-mailbox',
  replacementEmail: 'replacement-email',
  /** The keyed hash (blind index) of a PIN frame key. */
  pinFrameKey: 'pin-frame-key',
  /** The keyed hash of a PIN frame session (the cookie the frame page sets; decision 017). */
  pinFrameSession: 'pin-frame-session',
  payoutName: 'payout-name',
  payoutIban: 'payout-iban',
  /** Identity sessions (docs/decisions/014): blind indexes of the OIDC state, the sessionId and the subject. */
  identityState: 'identity-state',
  identitySession: 'identity-session',
  identitySubject: 'identity-subject',
  /** Encrypted: the session's nonce and PKCE verifier; the verified identity. */
  identityRequest: 'identity-request',
  identity: 'identity',
  /** Encrypted: the IBAN a PAYOUT session call bound to its session (migration 009). */
  identityIban: 'identity-iban',
  /** The keyed hash of a brand API key (migration 012): found by it, never stored itself. */
  apiKey: 'api-key',
  /** The keyed hash of an idempotent request (method, path, body: a lookup's body holds a card number). */
  idempotentRequest: 'idempotent-request',
  /** Encrypted: the answer kept for an Idempotency-Key (an issued card's number and codes are in it). */
  idempotentResponse: 'idempotent-response',
  /** Encrypted: a webhook endpoint's signing secret (whsec_…), which signing needs back (013). */
  webhookSecret: 'webhook-secret',
  /** Blind index of a Visa holder's phone number in E.164 (the back office's search by phone, 018). */
  holderPhone: 'holder-phone',
  /** Blind index of an e-mail address in lower case, a holder's or a replacement's: one purpose, so one search finds both. */
  email: 'email',
  /** Encrypted: a staff member's note on a card (018). */
  cardNote: 'card-note',
  /** The keyed hash of a back office session id (migration 017): found by it, never stored itself. */
  staffSession: 'staff-session',
  /** Staff sign-ins under way: keyed hashes of the OIDC state and of the browser's login cookie. */
  staffLoginState: 'staff-login-state',
  staffLoginBrowser: 'staff-login-browser',
  /** Encrypted: a staff sign-in's nonce, PKCE verifier and return path. */
  staffLogin: 'staff-login',
} as const;
