import { parseArgs } from 'node:util';
import { BrandFileError } from '../brand-file.js';
import { OperatorError } from '../operator-error.js';
import { operatorName } from '../operator-name.js';
import { apiKeysCreate, apiKeysList, apiKeysRevoke } from './commands/api-keys.js';
import { auditList } from './commands/audit.js';
import { brandImport, brandsExport, brandsImport, brandsList, brandsSchema } from './commands/brands.js';
import { cardsImport } from './commands/cards-import.js';
import { cardsRecoveryCode } from './commands/cards-recovery-code.js';
import { cardsResendReplacement } from './commands/cards-resend-replacement.js';
import { cardsAdjust, cardsBlock, cardsExpireBalances, cardsFind, cardsShow, cardsUnblock } from './commands/cards-support.js';
import { cardsUnlock } from './commands/cards-unlock.js';
import { dbMigrate, dbStatus } from './commands/db.js';
import { keysRotate, keysStatus } from './commands/keys.js';
import { holdersErase, holdersExport } from './commands/holders.js';
import { maintenancePrune } from './commands/maintenance.js';
import { outboxList, outboxRetry, outboxShow } from './commands/outbox.js';
import { reportsActivity, reportsExpiring, reportsLiability } from './commands/reports.js';
import { payoutsExport, payoutsList, payoutsMarkFailed, payoutsMarkPaid, payoutsReturn } from './commands/payouts.js';
import { staffGrant, staffList, staffRevoke } from './commands/staff.js';
import type { CommandSpec, ParsedArgs } from './commands/types.js';
import { webhooksAdd, webhooksDeliveries, webhooksList, webhooksRemove, webhooksSwitchOn } from './commands/webhooks.js';
import { type CliContext, type CliIo, ConfigError, EXIT, MissingDatabaseError, openContext, SchemaBehindError, UsageError } from './context.js';
import serverPackage from '../../../package.json' with { type: 'json' };

/** Every command, by the words that select it. New commands register here. */
export const COMMANDS: readonly CommandSpec[] = [
  brandsList,
  brandsImport,
  brandsExport,
  brandsSchema,
  brandImport,
  cardsImport,
  cardsShow,
  cardsFind,
  cardsBlock,
  cardsUnblock,
  cardsAdjust,
  cardsExpireBalances,
  cardsUnlock,
  cardsRecoveryCode,
  cardsResendReplacement,
  payoutsList,
  payoutsExport,
  payoutsMarkPaid,
  payoutsMarkFailed,
  payoutsReturn,
  reportsLiability,
  reportsExpiring,
  reportsActivity,
  outboxList,
  outboxShow,
  outboxRetry,
  webhooksAdd,
  webhooksList,
  webhooksRemove,
  webhooksDeliveries,
  webhooksSwitchOn,
  auditList,
  apiKeysCreate,
  apiKeysList,
  apiKeysRevoke,
  staffGrant,
  staffRevoke,
  staffList,
  holdersExport,
  holdersErase,
  maintenancePrune,
  dbMigrate,
  dbStatus,
  keysStatus,
  keysRotate,
];

const groups = [...new Set(COMMANDS.map((c) => c.name.split(' ')[0]!))];

function globalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `Usage: tessera COMMAND [ARGS] [--help]   (npm run tessera -- COMMAND …)

The operator's tool for Tessera. It reads the same environment as the server (DATABASE_URL,
DATA_KEYS, PIN_KEYS, INDEX_KEY, SECRET_PEPPERS, …; in demo mode the keys file next to the SQLite
database). Outside production it brings the database schema up to date before each command; in
production (MIGRATE_ON_START off) it refuses a schema that lacks migrations: run "tessera db migrate".

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}   ${c.summary}`).join('\n')}

Every command takes --by NAME: who runs it, recorded in the audit trail with each change (default:
the login name).
Run "tessera COMMAND --help" for a command's arguments, "tessera --version" for the version.
See docs/operations.md.
Exit status: 0 done, 1 refused or failed (nothing half-written), 2 wrong usage, 78 bad configuration.`;
}

function groupHelp(group: string): string {
  const commands = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  const width = Math.max(...commands.map((c) => c.name.length));
  return `Usage: tessera ${group} SUBCOMMAND [ARGS] [--help]

Subcommands:
${commands.map((c) => `  ${c.name.padEnd(width)}   ${c.summary}`).join('\n')}`;
}

/**
 * `--amount -500`: node's parseArgs takes "-500" for an option and refuses the line as ambiguous.
 * A string option followed by a negative number gets it as its value (`--amount=-500`).
 */
function joinNegativeValues(args: readonly string[], options: CommandSpec['options']): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.startsWith('--') ? args[i]!.slice(2) : undefined;
    if (name && options[name]?.type === 'string' && /^-\d/.test(args[i + 1] ?? '')) {
      out.push(`${args[i]}=${args[i + 1]}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h' || arg === 'help';

function usageFailure(io: CliIo, message: string, hint: string): number {
  io.err(`tessera: ${message}`);
  io.err(hint);
  return EXIT.usage;
}

/**
 * Runs one command line (the arguments after `tessera`) and answers the exit status. Output goes
 * through `io`, so tests run the tool in-process exactly as the terminal does.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, second, ...rest] = argv;
  if (first === undefined) {
    io.err(globalHelp());
    return EXIT.usage;
  }
  if (isHelp(first)) {
    io.out(globalHelp());
    return EXIT.ok;
  }
  if (first === '--version' || first === '-V') {
    io.out(`tessera ${serverPackage.version}`);
    return EXIT.ok;
  }
  if (!groups.includes(first)) {
    return usageFailure(io, `unknown command "${first.slice(0, 40)}".`, 'Run "tessera --help" for the list of commands.');
  }
  if (second === undefined || isHelp(second)) {
    if (second === undefined) {
      io.err(groupHelp(first));
      return EXIT.usage;
    }
    io.out(groupHelp(first));
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === `${first} ${second}`);
  if (!command) {
    return usageFailure(io, `unknown command "${first} ${second.slice(0, 40)}".`, `Run "tessera ${first} --help" for its subcommands.`);
  }

  const usageHint = `Run "tessera ${command.name} --help" for its arguments.`;
  let args: ParsedArgs;
  try {
    const parsed = parseArgs({
      args: joinNegativeValues(rest, command.options),
      options: { ...command.options, help: { type: 'boolean', short: 'h' }, by: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    args = { values: parsed.values as ParsedArgs['values'], positionals: parsed.positionals };
  } catch (error) {
    // parseArgs names the unknown or malformed option in its message.
    return usageFailure(io, `${command.name}: ${(error as Error).message}`, usageHint);
  }
  if (args.values.help) {
    io.out(command.help);
    return EXIT.ok;
  }
  try {
    command.check(args);
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(io, error.message, usageHint);
    throw error;
  }

  const operator = operatorName(args.values.by as string | undefined, io.env);
  if (operator === undefined) {
    return usageFailure(io, `${command.name}: --by takes a name of letters, digits and . _ @ - (at most 64)`, usageHint);
  }
  if (command.withoutDatabase) {
    try {
      return await command.withoutDatabase(io, args);
    } catch (error) {
      io.err(`tessera ${command.name}: failed: ${(error as Error).message}`);
      return EXIT.failed;
    }
  }

  let ctx: CliContext;
  try {
    ctx = await openContext(io, { schema: command.schema ?? 'prepared', mayCreateDatabase: command.mayCreateDatabase === true, operator });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`tessera: ${error.message}`);
      return EXIT.config;
    }
    if (error instanceof SchemaBehindError || error instanceof MissingDatabaseError) {
      io.err(`tessera ${command.name}: ${error.message}`);
      return EXIT.failed;
    }
    io.err(`tessera: cannot open the database or keys: ${(error as Error).message}`);
    return EXIT.failed;
  }
  try {
    return await command.run(ctx, args);
  } catch (error) {
    if (error instanceof OperatorError) {
      io.err(`tessera ${command.name}: ${error.message}`);
      for (const problem of error.problems) io.err(`  ${problem}`);
      return EXIT.failed;
    }
    if (error instanceof BrandFileError) {
      io.err(`tessera ${command.name}: the brand file is not valid; nothing was imported.`);
      io.err(error.message);
      return EXIT.failed;
    }
    // Unexpected: the message only (a driver's message names no card data); the stack helps nobody here.
    io.err(`tessera ${command.name}: failed: ${(error as Error).message}`);
    return EXIT.failed;
  } finally {
    await ctx.db.destroy();
  }
}

/**
 * The terminal: process streams, environment and working directory. `npm run tessera` runs in
 * the repository root; npm keeps the directory the operator typed the command in as INIT_CWD,
 * and that is where a relative FILE is meant to be.
 */
export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    ...(process.stderr.isTTY && { progress: (line: string) => process.stderr.write(`\r\x1b[K${line}`) }),
    env: process.env,
    cwd: process.env.INIT_CWD ?? process.cwd(),
  };
}
