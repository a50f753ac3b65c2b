import type { AuditEvent } from '../db/repositories/audit.js';

/** Why the brand API's gate refused calls without auditing each one. */
export type TalliedReason = 'address_limit' | 'key_limit';

const REASON_TEXT: Record<TalliedReason, string> = {
  address_limit: 'too many failed authentications from this address',
  key_limit: 'over the rate limit of this key',
};

interface Window {
  client: string | null;
  brandId: string | null;
  reason: TalliedReason;
  startedAt: Date;
  count: number;
}

/** What the tally writes with: one audit event, and where a failed write is told. */
export interface TallyOutput {
  record: (event: AuditEvent, now: string) => Promise<void>;
  onError: (error: unknown) => void;
}

/**
 * Rate-limited calls of the brand API, audited as one `api.refused` event per client and window
 * with their count, not one per call: a loop of refused calls must not grow the audit trail (or
 * cost a write each). A window opens at a client's first refused call and lasts `windowMs`; its
 * event is written once it has ended (at the client's next refusal, or by `flushEnded`, which
 * the app runs every few seconds) and for every open window when the server stops. The windows
 * live in this process: with several server processes each writes its own, so a client costs at
 * most one event a window per process; a process that dies loses its open windows' counts.
 */
export class RefusalTally {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly output: TallyOutput,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one refused call of `client` (a truncated address, or api-key:ID). */
  add(refusal: { client: string | null; brandId: string | null; reason: TalliedReason }, now: Date): void {
    const id = `${refusal.reason} ${refusal.client ?? ''}`;
    const open = this.#windows.get(id);
    if (open && !this.#ended(open, now)) {
      open.count += 1;
      return;
    }
    if (open) this.#write(open, now);
    this.#windows.set(id, { ...refusal, startedAt: now, count: 1 });
  }

  /** Writes the windows that have ended by `now`. */
  flushEnded(now: Date): Promise<void> {
    return this.#flush(now, (w) => this.#ended(w, now));
  }

  /** Writes every window, ended or not (the server stops). */
  flushAll(now: Date): Promise<void> {
    return this.#flush(now, () => true);
  }

  async #flush(now: Date, which: (w: Window) => boolean): Promise<void> {
    const writes: Promise<void>[] = [];
    for (const [id, w] of this.#windows) {
      if (!which(w)) continue;
      this.#windows.delete(id);
      writes.push(this.#write(w, now));
    }
    await Promise.all(writes);
  }

  #ended(w: Window, now: Date): boolean {
    return now.getTime() - w.startedAt.getTime() >= this.windowMs;
  }

  /** Never rejects: a refused call's answer does not wait on (or fail with) its tally's write. */
  #write(w: Window, now: Date): Promise<void> {
    const event: AuditEvent = {
      type: 'api.refused',
      outcome: '429 RATE_LIMITED',
      brandId: w.brandId,
      client: w.client,
      detail: `${w.count} ${w.count === 1 ? 'call' : 'calls'} refused from ${w.startedAt.toISOString()}: ${REASON_TEXT[w.reason]}`,
    };
    return this.output.record(event, now.toISOString()).catch(this.output.onError);
  }
}
