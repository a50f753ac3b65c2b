import { migrateToLatest, migrationStatus } from '../../../db/migrate.js';
import { EXIT } from '../context.js';
import { noArguments } from '../id-argument.js';
import type { CommandSpec } from './types.js';

export const dbMigrate: CommandSpec = {
  name: 'db migrate',
  summary: 'bring the database schema up to date (before new server processes start)',
  help: `Usage: tessera db migrate

Applies the migrations the database lacks, in order, each in its own transaction, under the
migration lock: run it once per release, before the new server processes start. In production
the server does not migrate by itself (unless MIGRATE_ON_START=true) and refuses to start on a
schema that lacks migrations. Running it again when nothing is missing changes nothing.

Options:
  -h, --help   show this help`,
  options: {},
  schema: 'as-is',
  mayCreateDatabase: true,
  check: noArguments('db migrate'),
  async run(ctx) {
    const applied = await migrateToLatest(ctx.db);
    if (applied.length === 0) ctx.io.out('The database schema is up to date; nothing to apply.');
    else ctx.io.out(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}.`);
    return EXIT.ok;
  },
};

export const dbStatus: CommandSpec = {
  name: 'db status',
  summary: 'list the migrations the database has and lacks',
  help: `Usage: tessera db status

Lists each migration the database has (with when it was applied) and each it lacks, and changes
nothing. Exit status 0 when nothing is missing, 1 when "tessera db migrate" has work to do.

Options:
  -h, --help   show this help`,
  options: {},
  schema: 'as-is',
  check: noArguments('db status'),
  async run(ctx) {
    const { applied, pending } = await migrationStatus(ctx.db);
    for (const m of applied) ctx.io.out(`applied  ${m.name}  ${m.at.toISOString()}`);
    for (const name of pending) ctx.io.out(`pending  ${name}`);
    ctx.io.out(pending.length === 0 ? 'Up to date.' : `${pending.length} pending: run "tessera db migrate".`);
    return pending.length === 0 ? EXIT.ok : EXIT.failed;
  },
};
