/**
 * Who did something to a card, as the back office names them, read from an audit event. Today
 * the actor is told by the event's `client`: "operator:NAME" for the command-line tool,
 * "api-key:ID" for the brand API, "staff:EMAIL" for the back office, a truncated address for a
 * cardholder's call, nothing for the server's own work. When audit events get an `actor` column
 * of their own, these functions are the only ones that change.
 */

const STAFF = 'staff:';
const OPERATOR = 'operator:';
const API_KEY = 'api-key:';

/** The `client` a back-office action's audit event is written with. */
export const staffClient = (email: string) => `${STAFF}${email.toLowerCase()}`;

/** The staff e-mail of an event written by the back office, else null. */
export function staffEmailOf(client: string | null): string | null {
  return client?.startsWith(STAFF) ? client.slice(STAFF.length) : null;
}

/** The API key id of an event written by the brand API, else null. */
export function apiKeyIdOf(client: string | null): string | null {
  return client?.startsWith(API_KEY) ? client.slice(API_KEY.length) : null;
}

/**
 * `by` of a timeline entry and `staff` of an audit item: a staff e-mail, `operator`,
 * `api:<key name>`, `cardholder` or `system`. `apiKeyName` answers the name of a key by id (a
 * removed key answers undefined and is named by its id).
 */
export function actorLabel(client: string | null, apiKeyName: (id: string) => string | undefined): string {
  if (client === null || client === '') return 'system';
  const staff = staffEmailOf(client);
  if (staff !== null) return staff;
  if (client.startsWith(OPERATOR)) return 'operator';
  const keyId = apiKeyIdOf(client);
  if (keyId !== null) return `api:${apiKeyName(keyId) ?? keyId}`;
  return 'cardholder';
}
