/**
 * Who did something to a card, as the back office names them, read from an audit event. Events
 * name their actor in `actor` (card-commands/actor.ts actorLabel: an e-mail, `cardholder`,
 * `api:NAME`, `operator[:NAME]`, `system:WHAT`). Events written before that column existed say
 * it only in `client`: "operator:NAME" for the command-line tool, "api-key:ID" for the brand API,
 * "staff:EMAIL" for the back office, a truncated address for a cardholder's call, nothing for the
 * server's own work. `eventActor` is the one reader of both.
 */

const STAFF = 'staff:';
const OPERATOR = 'operator:';
const API_KEY = 'api-key:';

/** The columns of an audit event that say who acted. */
export interface ActorColumns {
  actor: string | null;
  client: string | null;
}

/** The API key id of an event written by the brand API, else null: how an event without `actor` is named by its key. */
export function apiKeyIdOf(row: ActorColumns): string | null {
  if (row.actor !== null) return null;
  return row.client?.startsWith(API_KEY) ? row.client.slice(API_KEY.length) : null;
}

/**
 * `by` of a timeline entry and `staff` of an audit item: a staff e-mail, `operator`,
 * `api:<key name>`, `cardholder` or `system`; `staff` tells a member of staff. `apiKeyName`
 * answers the name of a key by id for an event without `actor` (a removed key answers undefined
 * and is named by its id).
 */
export function eventActor(row: ActorColumns, apiKeyName: (id: string) => string | undefined): { by: string; staff: boolean } {
  const { actor, client } = row;
  if (actor !== null) {
    if (actor === 'cardholder') return { by: 'cardholder', staff: false };
    if (actor === 'operator' || actor.startsWith(OPERATOR)) return { by: 'operator', staff: false };
    if (actor.startsWith('system:') || actor === 'system') return { by: 'system', staff: false };
    if (actor.startsWith('api:')) return { by: actor, staff: false };
    return { by: actor, staff: true };
  }
  if (client === null || client === '') return { by: 'system', staff: false };
  if (client.startsWith(STAFF)) return { by: client.slice(STAFF.length), staff: true };
  if (client.startsWith(OPERATOR)) return { by: 'operator', staff: false };
  const keyId = apiKeyIdOf(row);
  if (keyId !== null) return { by: `api:${apiKeyName(keyId) ?? keyId}`, staff: false };
  return { by: 'cardholder', staff: false };
}
