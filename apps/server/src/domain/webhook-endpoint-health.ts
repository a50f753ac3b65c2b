/**
 * How a webhook endpoint's health decides what is sent to it (docs/decisions/039). Pure: the
 * delivery lane and the operator's listing apply it to what the database holds.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** An endpoint that has failed without one delivery for this long is switched off (Svix: 5 days). */
export const SWITCH_OFF_AFTER_MS = 5 * DAY;

/** The longest an endpoint rests after failing, so a recovered receiver hears again within minutes. */
export const ENDPOINT_PAUSE_MAX_MS = 5 * MINUTE;

/**
 * The endpoint's own backoff after `failures` attempts in a row failed: 1 s, 2 s, 4 s, … up to 5
 * minutes. Shorter than the events' own retry schedule (5 s, 5 min, …), so it never delays an
 * event's next attempt by much; it keeps a failing endpoint from taking its next event at once.
 */
export function endpointPauseMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(ENDPOINT_PAUSE_MAX_MS, SECOND * 2 ** Math.min(failures - 1, 20));
}

/**
 * Deliveries an endpoint may have in flight: `perEndpoint` while it answers, one while it fails
 * (a probe: a receiver that hangs holds one slot, not all of its own).
 */
export function endpointCapacity(failures: number, perEndpoint: number): number {
  return failures > 0 ? 1 : perEndpoint;
}

/** Whether an endpoint failing since `failingSince` has failed long enough to be switched off. */
export function failedLongEnough(failingSince: string | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - Date.parse(failingSince) >= SWITCH_OFF_AFTER_MS;
}

export type EndpointState =
  | { state: 'active' }
  /** Failing since then, with no delivery in between; still tried. */
  | { state: 'failing'; since: string; failures: number }
  /** Switched off then; nothing is sent until an operator switches it on. */
  | { state: 'switched_off'; since: string; failingSince: string | null }
  | { state: 'removed'; since: string };

export function endpointState(endpoint: {
  removed_at: string | null;
  switched_off_at: string | null;
  failing_since: string | null;
  consecutive_failures: number;
}): EndpointState {
  if (endpoint.removed_at !== null) return { state: 'removed', since: endpoint.removed_at };
  if (endpoint.switched_off_at !== null) return { state: 'switched_off', since: endpoint.switched_off_at, failingSince: endpoint.failing_since };
  if (endpoint.failing_since !== null) return { state: 'failing', since: endpoint.failing_since, failures: endpoint.consecutive_failures };
  return { state: 'active' };
}
