import { API_SCOPES, parseScopes } from '../../../domain/brand-api-rules.js';
import { createApiKey, listBrandApiKeys, revokeBrandApiKey } from '../../api-keys.js';
import { EXIT, UsageError } from '../context.js';
import { minute, printListing } from '../table.js';
import type { CommandSpec } from './types.js';

const NAME = /^[\p{L}\p{N} ._:@()-]{1,100}$/u;

export const apiKeysCreate: CommandSpec = {
  name: 'api-keys create',
  summary: 'create a brand API key (printed once)',
  help: `Usage: tessera api-keys create --brand CODE --name NAME --scopes SCOPE[,SCOPE…]

Creates a key of the brand API (/api/v1, docs/brand-api.md) for one brand and prints it once:
"tsk_" followed by 32 random bytes in base64url. Only a keyed hash of it is stored, so it cannot
be shown again: store it in the brand's system straight away (a lost key is revoked and replaced).

Scopes: ${API_SCOPES.join(', ')}
  cards:read          look up cards, read their balance and transactions
  cards:write         issue gift cards, block and unblock cards
  redemptions:write   redeem and refund
  loads:write         load money onto a card

Options:
  --brand CODE      the brand's code (tessera brands list)
  --name NAME       what the key is for ("webshop", "tills Amsterdam"): letters, digits, spaces, . _ : @ ( ) -
  --scopes LIST     comma-separated scopes
  --json            print the key and its details as JSON
  -h, --help        show this help`,
  options: { brand: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, json: { type: 'boolean' } },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError('api-keys create takes no arguments: tessera api-keys create --brand CODE --name NAME --scopes LIST');
    if (typeof values.brand !== 'string' || values.brand === '') throw new UsageError('api-keys create needs --brand CODE');
    if (typeof values.name !== 'string' || !NAME.test(values.name.trim())) throw new UsageError('api-keys create needs --name: 1 to 100 letters, digits, spaces or . _ : @ ( ) -');
    if (typeof values.scopes !== 'string' || parseScopes(values.scopes) === undefined) throw new UsageError(`api-keys create needs --scopes, a comma-separated list of ${API_SCOPES.join(', ')}`);
  },
  async run(ctx, { values }) {
    const created = await createApiKey(ctx, { brandCode: values.brand as string, name: (values.name as string).trim(), scopes: parseScopes(values.scopes as string)! });
    if (values.json) {
      ctx.io.out(JSON.stringify(created, null, 2));
      return EXIT.ok;
    }
    ctx.io.out(`Created API key ${created.id} "${created.name}" for brand ${created.brandCode} (scopes ${created.scopes.join(',')}).`);
    ctx.io.out('The key, shown this once (it is not stored and cannot be shown again):');
    ctx.io.out('');
    ctx.io.out(`  ${created.key}`);
    ctx.io.out('');
    return EXIT.ok;
  },
};

export const apiKeysList: CommandSpec = {
  name: 'api-keys list',
  summary: 'list the brand API keys: name, prefix, scopes, created, last used',
  help: `Usage: tessera api-keys list [--brand CODE] [--json]

Lists the brand API keys (revoked ones too, marked): id, brand, name, the key's first characters,
scopes, when it was created and last used (recorded at most once a minute). Never the key itself.

Options:
  --brand CODE   only this brand's keys
  --json         print the keys as JSON
  -h, --help     show this help`,
  options: { brand: { type: 'string' }, json: { type: 'boolean' } },
  check({ values, positionals }) {
    if (positionals.length > 0) throw new UsageError('api-keys list takes no arguments');
    if (values.brand !== undefined && values.brand === '') throw new UsageError('api-keys list: --brand needs a code');
  },
  async run(ctx, { values }) {
    const keys = await listBrandApiKeys(ctx, values.brand as string | undefined);
    printListing(ctx.io, keys, {
      json: values.json,
      asJson: ({ brand_id: _brandId, ...key }) => key,
      none: values.brand ? `Brand ${values.brand as string} has no API keys.` : 'No API keys.',
      header: ['ID', 'BRAND', 'NAME', 'PREFIX', 'SCOPES', 'CREATED', 'LAST USED', 'REVOKED'],
      row: (k) => [k.id, k.brand_code, k.name, `${k.prefix}…`, k.scopes, minute(k.created_at), minute(k.last_used_at), minute(k.revoked_at)],
    });
    return EXIT.ok;
  },
};

export const apiKeysRevoke: CommandSpec = {
  name: 'api-keys revoke',
  summary: 'revoke a brand API key (it answers 401 from then on)',
  help: `Usage: tessera api-keys revoke ID

Revokes the key with this id (tessera api-keys list): every call with it answers 401 UNAUTHORIZED
from then on. It stays in the list, marked revoked. Revoking it again changes nothing.

Options:
  -h, --help   show this help`,
  options: {},
  check({ positionals }) {
    if (positionals.length !== 1) throw new UsageError('api-keys revoke needs the key id: tessera api-keys revoke ID');
  },
  async run(ctx, { positionals }) {
    const { key, changed } = await revokeBrandApiKey(ctx, positionals[0]!);
    ctx.io.out(
      changed
        ? `Revoked API key ${key.id} "${key.name}" (${key.prefix}…) of brand ${key.brand_code}: it answers 401 from now on.`
        : `The API key ${key.id} "${key.name}" was already revoked since ${minute(key.revoked_at)}; nothing changed.`,
    );
    return EXIT.ok;
  },
};
