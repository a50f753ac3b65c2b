import type { StaffGrant } from '@tessera/contracts/admin';
import type { AuditEvent } from '../db/repositories/audit.js';

/**
 * Who asks for a change to a card. Every card command takes one and records it: the audit
 * event's `actor` (and for staff the grant and the request), and the webhook's `by`.
 */
export type Actor =
  /** The card's holder, who proved its secret in a customer call; `client` the truncated address. */
  | { kind: 'cardholder'; flowType: string; client: string | null }
  /** A brand's own system, by one of its API keys. */
  | { kind: 'api'; keyId: string; keyName: string }
  /** The operator's command-line tool; `name` from `--by` or the login. */
  | { kind: 'operator'; name?: string }
  /** A member of staff in the back office, by the grant that allowed the action. */
  | { kind: 'staff'; email: string; grant: StaffGrant; /** the staff member's address, truncated (domain/client-address.ts) */ client: string | null; requestId: string }
  /** The server itself: a sweep or a rule (`what` names it). */
  | { kind: 'system'; what: string };

/** A member of staff as an actor: what the back office's services take (back-office/staff-context.ts makes one). */
export type StaffActor = Extract<Actor, { kind: 'staff' }>;

/** What a card's webhook events say did it (`data.by`). */
export type WebhookActor = Actor['kind'];

/** The encoding of `audit_events.actor` (db/schema.ts): an e-mail, `cardholder`, `api:NAME`, `operator[:NAME]`, `system:WHAT`. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'cardholder':
      return 'cardholder';
    case 'api':
      return `api:${actor.keyName}`;
    case 'operator':
      return actor.name ? `operator:${actor.name}` : 'operator';
    case 'staff':
      return actor.email;
    case 'system':
      return `system:${actor.what}`;
  }
}

/** A staff grant as the audit keeps it: `support:DEMO`, `admin:*` (all brands). */
export const grantLabel = (grant: StaffGrant) => `${grant.role}:${grant.brand ?? '*'}`;

/**
 * The audit fields that say who acted. `client` keeps what it always held for each kind (the
 * cardholder's truncated address, `api-key:ID`, `operator:NAME`), so earlier readers of the trail
 * read new events the same way.
 */
export function auditActorFields(actor: Actor): Pick<AuditEvent, 'actor' | 'actorGrant' | 'requestId' | 'client' | 'flowType'> {
  const actorField = actorLabel(actor);
  switch (actor.kind) {
    case 'cardholder':
      return { actor: actorField, client: actor.client, flowType: actor.flowType };
    case 'api':
      return { actor: actorField, client: `api-key:${actor.keyId}` };
    case 'operator':
      return { actor: actorField, client: actor.name ? `operator:${actor.name}` : null };
    case 'staff':
      return { actor: actorField, actorGrant: grantLabel(actor.grant), requestId: actor.requestId, client: actor.client };
    case 'system':
      return { actor: actorField, client: null };
  }
}
