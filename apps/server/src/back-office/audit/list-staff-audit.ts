import { type AuditItem, auditQuerySchema } from '@tessera/contracts/admin';
import type { z } from 'zod';
import { listStaffAuditEvents } from '../../db/repositories/staff-audit.js';
import { apiKeyNames } from '../../db/repositories/staff-cards.js';
import type { ServiceDeps } from '../../deps.js';
import { decodeAuditCursor, encodeAuditCursor } from '../../domain/audit-cursor.js';
import { apiKeyIdOf, eventActor } from '../../domain/staff-actor.js';
import { maskPersonalData } from '../../domain/staff-masking.js';
import { AppError } from '../../errors.js';
import { scopeIncludes, type StaffScope } from '../cards/staff-scope.js';

/** How many events one page of the audit listing holds. */
export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = z.input<typeof auditQuerySchema>;

/**
 * GET /admin/api/audit: audit events newest first, AUDIT_PAGE_SIZE a page, with a keyset cursor.
 * An admin of all brands (`viewer.brands === 'all'`) sees every event; anyone else only the
 * events of cards of their brands. A brand or card outside the viewer's brands answers an empty
 * list, as an unknown one. `staff` is the actor's e-mail; `detail` is masked (no e-mail address,
 * IBAN or long run of digits in full), and `staff` names the actor as the timeline's `by` does.
 * `outcome` and `remark` are `detail`'s two parts, for the app to translate the first.
 */
export async function listStaffAudit(
  deps: Pick<ServiceDeps, 'db'>,
  viewer: StaffScope,
  filter: AuditFilter,
): Promise<{ items: AuditItem[]; nextCursor: string | null }> {
  const query = auditQuerySchema.parse(filter);
  const empty = { items: [], nextCursor: null };
  if (query.brand !== undefined && !scopeIncludes(viewer, query.brand)) return empty;
  if (viewer.brands !== 'all' && viewer.brands.length === 0) return empty;
  let before: { at: string; id: string } | undefined;
  if (query.cursor !== undefined) {
    before = decodeAuditCursor(query.cursor);
    if (!before) throw new AppError('VALIDATION_ERROR', 'The cursor is not valid.');
  }
  const rows = await listStaffAuditEvents(deps.db, {
    brands: viewer.brands,
    ...(query.brand !== undefined && { brand: query.brand }),
    ...(query.card !== undefined && { cardId: query.card }),
    ...(query.staff !== undefined && { actor: query.staff.trim().toLowerCase() }),
    ...(before && { before }),
    limit: AUDIT_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const names = await apiKeyNames(deps.db, [...new Set(page.map((r) => apiKeyIdOf(r)).filter((id): id is string => id !== null))]);
  const last = page.at(-1);
  return {
    items: page.map((r) => {
      const remark = r.detail === null ? null : maskPersonalData(r.detail);
      return {
        at: r.occurred_at,
        staff: eventActor(r, (id) => names.get(id)).by,
        action: r.type,
        brand: r.brand_code,
        card: r.card_id,
        detail: remark === null ? r.outcome : `${r.outcome}: ${remark}`,
        outcome: r.outcome,
        remark,
      };
    }),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeAuditCursor({ at: last.occurred_at, id: last.id }) : null,
  };
}
