import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import tessera from '../boundaries.js';

const root = path.resolve(import.meta.dirname, '../../..');
const at = (p: string) => path.join(root, p);
const violation = tessera.violation as (from: string, target: string) => string | null;

describe('import boundaries', () => {
  it('lets a flow import components, lib and contracts', () => {
    expect(violation(at('apps/web/src/flows/balance/Start.tsx'), '../../components/Button.js')).toBeNull();
    expect(violation(at('apps/web/src/flows/balance/Start.tsx'), '@tessera/contracts')).toBeNull();
    expect(violation(at('apps/web/src/flows/balance/Start.tsx'), './useLookup.js')).toBeNull();
  });

  it('refuses one flow importing another, however the path is spelled', () => {
    expect(violation(at('apps/web/src/flows/balance/Start.tsx'), '../visa/Otc.js')).toMatch(/flow balance may not import flow visa/);
    expect(violation(at('apps/web/src/flows/balance/x/Start.tsx'), '../../../flows/visa/Otc.js')).toMatch(/may not import flow visa/);
  });

  it('lets only src/app assemble flows', () => {
    expect(violation(at('apps/web/src/app/router.tsx'), '../flows/balance/index.js')).toBeNull();
    expect(violation(at('apps/web/src/components/Shell.tsx'), '../flows/balance/index.js')).toMatch(/only src\/app/);
  });

  it('refuses one server flow importing another, however the path is spelled', () => {
    expect(violation(at('apps/server/src/flows/payout/pay-out-card.ts'), '../identify/register-card.js')).toMatch(
      /server flow payout may not import flow identify/,
    );
    expect(violation(at('apps/server/src/flows/replace/routes.ts'), '../../flows/balance/routes.js')).toMatch(/may not import flow balance/);
  });

  it('lets a server flow import its own files and the shared modules', () => {
    expect(violation(at('apps/server/src/flows/visa/routes.ts'), './get-pin.js')).toBeNull();
    expect(violation(at('apps/server/src/flows/payout/pay-out-card.ts'), '../../customer-call/card-secret-check.js')).toBeNull();
    expect(violation(at('apps/server/src/flows/payout/pay-out-card.ts'), '../../identity/customer-session.js')).toBeNull();
    expect(violation(at('apps/server/src/flows/reset/routes.ts'), '../../http/route-types.js')).toBeNull();
  });

  it("lets only the server's src/app assemble server flows", () => {
    expect(violation(at('apps/server/src/app/build-app.ts'), '../flows/visa/routes.js')).toBeNull();
    expect(violation(at('apps/server/src/app/customer-route.ts'), '../flows/identify/register-card.js')).toBeNull();
    expect(violation(at('apps/server/src/operator/export-payouts.ts'), '../flows/payout/record-payout.js')).toMatch(/only src\/app/);
    expect(violation(at('apps/server/src/customer-call/lookup-gift-card.ts'), '../flows/balance/routes.js')).toMatch(/only src\/app/);
    expect(violation(at('apps/server/src/main.ts'), './flows/visa/routes.js')).toMatch(/only src\/app/);
  });

  it('lets server tests import server flows', () => {
    expect(violation(at('apps/server/test/payouts.test.ts'), '../src/flows/payout/record-payout.js')).toBeNull();
  });

  it('refuses one back-office feature importing another, however the path is spelled', () => {
    expect(violation(at('apps/admin/src/features/card/CardPage.tsx'), '../search/SearchPage.js')).toMatch(/admin feature card may not import feature search/);
    expect(violation(at('apps/admin/src/features/audit/x/AuditTable.tsx'), '../../../features/staff/staffApi.js')).toMatch(/may not import feature staff/);
  });

  it('lets a back-office feature import its own files, src/lib and the contracts', () => {
    expect(violation(at('apps/admin/src/features/card/CardPage.tsx'), './Timeline.js')).toBeNull();
    expect(violation(at('apps/admin/src/features/card/CardPage.tsx'), '../../lib/http.js')).toBeNull();
    expect(violation(at('apps/admin/src/features/card/CardPage.tsx'), '@tessera/contracts/admin')).toBeNull();
  });

  it("lets only the back office's src/app assemble features, and its tests exercise them", () => {
    expect(violation(at('apps/admin/src/app/routes.ts'), '../features/search/index.js')).toBeNull();
    expect(violation(at('apps/admin/src/lib/ui/Shell.tsx'), '../../features/search/index.js')).toMatch(/only src\/app\/ assembles features/);
    expect(violation(at('apps/admin/test/search.test.tsx'), '../src/features/search/index.js')).toBeNull();
  });

  it('keeps the back office apart from the portal and the server', () => {
    expect(violation(at('apps/admin/src/lib/i18n.tsx'), '../../../web/src/lib/translator.js')).toMatch(/apps\/admin may not reach into apps\/web/);
    expect(violation(at('apps/admin/src/lib/http.ts'), '@tessera/web')).toMatch(/only @tessera\/contracts/);
    expect(violation(at('apps/admin/src/lib/session.tsx'), '@tessera/contracts/admin')).toBeNull();
  });

  it("lets every workspace import the contracts' subpaths, and nothing else of another workspace", () => {
    expect(violation(at('apps/server/src/card-commands/block-card.ts'), '@tessera/contracts/admin')).toBeNull();
    expect(violation(at('apps/server/src/domain/card-state.ts'), '@tessera/contracts/admin')).toBeNull();
    expect(violation(at('apps/server/src/app/build-app.ts'), '@tessera/contractsx')).toMatch(/only @tessera\/contracts/);
  });

  it('keeps card commands free of their callers', () => {
    expect(violation(at('apps/server/src/card-commands/block-card.ts'), '../db/repositories/cards.js')).toBeNull();
    expect(violation(at('apps/server/src/card-commands/block-card.ts'), '../delivery/webhooks/events.js')).toBeNull();
    expect(violation(at('apps/server/src/card-commands/block-card.ts'), '../operator/operator-card.js')).toMatch(/import none of their callers \(not operator\/\)/);
    expect(violation(at('apps/server/src/card-commands/block-card.ts'), '../brand-api/caller.js')).toMatch(/not brand-api\//);
    expect(violation(at('apps/server/src/card-commands/unlock-guessing.ts'), '../customer-call/card-secret-check.js')).toMatch(/not customer-call\//);
    expect(violation(at('apps/server/src/operator/block-card.ts'), '../card-commands/block-card.js')).toBeNull();
    expect(violation(at('apps/server/src/card-block/block-lost-card.ts'), '../card-commands/block-card.js')).toBeNull();
  });

  it('keeps the payout services free of their callers', () => {
    expect(violation(at('apps/server/src/payout-batches/export-batch.ts'), '../card-commands/actor.js')).toBeNull();
    expect(violation(at('apps/server/src/payout-batches/payout-file.ts'), './xsd-validator.js')).toBeNull();
    expect(violation(at('apps/server/src/payout-batches/payout-file.ts'), '../operator/operator-error.js')).toMatch(/payout services import none of their callers \(not operator\/\)/);
    expect(violation(at('apps/server/src/payout-batches/settle-payouts.ts'), '../back-office/staff-context.js')).toMatch(/not back-office\//);
    expect(violation(at('apps/server/src/operator/export-payouts.ts'), '../payout-batches/export-batch.js')).toBeNull();
    expect(violation(at('apps/server/src/back-office/payout-batches/batch-actions.ts'), '../../payout-batches/export-batch.js')).toBeNull();
  });

  it('keeps the web app and the server apart', () => {
    expect(violation(at('apps/web/src/lib/api.ts'), '../../../server/src/config.js')).toMatch(/may not reach into apps\/server/);
    expect(violation(at('apps/web/src/lib/api.ts'), '@tessera/server')).toMatch(/only @tessera\/contracts/);
    expect(violation(at('apps/server/src/back-office/admin-route.ts'), '@tessera/contracts/admin')).toBeNull();
    expect(violation(at('apps/server/src/app/x.ts'), '@tessera/contracts/src/index.ts')).toMatch(/only @tessera\/contracts/);
  });

  it('keeps I/O out of the domain and application code out of migrations', () => {
    expect(violation(at('apps/server/src/domain/ledger.ts'), 'kysely')).toMatch(/no I\/O/);
    expect(violation(at('apps/server/src/domain/ledger.ts'), 'node:fs')).toMatch(/no I\/O/);
    expect(violation(at('apps/server/src/domain/ledger.ts'), '../db/index.js')).toMatch(/no I\/O/);
    expect(violation(at('apps/server/src/domain/ledger.ts'), './money.js')).toBeNull();
    expect(violation(at('apps/server/src/db/migrations/001.ts'), '../../domain/ledger.js')).toMatch(/migrations/);
    expect(violation(at('apps/server/src/db/migrations/001.ts'), 'kysely')).toBeNull();
  });
});

describe('allowed exceptions', () => {
  it('lets migrations list each other', () => {
    expect(violation(at('apps/server/src/db/migrations/index.ts'), './001_foundation.js')).toBeNull();
  });

  it('lets web tests import flows and read the default texts, and nothing else of the server', () => {
    expect(violation(at('apps/web/test/balance.test.tsx'), '../src/flows/balance/LookupForm.js')).toBeNull();
    expect(violation(at('apps/web/test/utils.tsx'), '../../server/src/translations/defaults/nl.json')).toBeNull();
    expect(violation(at('apps/web/test/utils.tsx'), '../../server/src/config.js')).toMatch(/may not reach/);
  });
});
