import { userInfo } from 'node:os';
import { type Actor, auditActorFields } from '../card-commands/actor.js';

/**
 * Who ran an operator command, for the audit trail: `--by NAME`, else the login name. A name is
 * kept to letters, digits and . _ @ - so it can never forge a field in a log line or a CSV cell.
 */
export const OPERATOR_NAME = /^[\p{L}\p{N}._@-]{1,64}$/u;

/** The operator's name from `--by`, or the login; undefined when `--by` is malformed. */
export function operatorName(by: string | undefined, env: Record<string, string | undefined>): string | undefined {
  if (by !== undefined) return OPERATOR_NAME.test(by) ? by : undefined;
  const login = env.USER ?? env.LOGNAME ?? loginName();
  return login && OPERATOR_NAME.test(login) ? login : 'unknown';
}

function loginName(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    // A container user without a passwd entry has no name to read.
    return undefined;
  }
}

/** The audit event's `client` of an operator's change: "operator:NAME" (a customer call's is its address). */
export const operatorActor = (name: string) => `operator:${name}`;

/** The operator as the actor of a card command (card-commands/actor.ts). */
export const operatorCommandActor = (deps: { operator?: string }): Actor => (deps.operator ? { kind: 'operator', name: deps.operator } : { kind: 'operator' });

/** Who ran an operator command, as its audit events say it: `actor` (`operator[:NAME]`) and `client` as before. */
export const operatorAuditFields = (deps: { operator?: string }) => auditActorFields(operatorCommandActor(deps));
