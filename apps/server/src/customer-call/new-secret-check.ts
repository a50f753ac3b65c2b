import { evaluatePasscode } from '@tessera/contracts';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { AuditFields } from './call-gate.js';

/**
 * The rules for a new passcode or security code (docs/product/common.md#passcodes), checked before
 * the card is touched: an insecure one is audited as `security_code_insecure` and refused with
 * SECURITY_CODE_INSECURE, using nothing up and counting no guess.
 */
export async function requireSecureNewSecret(deps: ServiceDeps, value: string, audit: AuditFields): Promise<void> {
  const verdict = evaluatePasscode(value);
  if (verdict === 'ok') return;
  // The verdict (short, long, guessable, …) says nothing about the code itself.
  await deps.audit.record({ ...audit, outcome: 'security_code_insecure', detail: verdict }, deps.now().toISOString());
  throw new AppError('SECURITY_CODE_INSECURE');
}
