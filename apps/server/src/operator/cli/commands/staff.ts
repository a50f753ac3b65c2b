import { STAFF_ROLES, type StaffRole, staffEmailField } from '@tessera/contracts/admin';
import { grantStaff, listStaff, revokeStaff, type GrantChange } from '../../../back-office/staff-grants.js';
import { AppError } from '../../../errors.js';
import { OperatorError } from '../../operator-error.js';
import { operatorActor, operatorAuditFields } from '../../operator-name.js';
import type { CliContext } from '../context.js';
import { EXIT, UsageError } from '../context.js';
import { noArguments } from '../id-argument.js';
import { minute, printListing } from '../table.js';
import type { CommandSpec, ParsedArgs } from './types.js';

const ROLES = STAFF_ROLES.join(', ');
const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/** EMAIL ROLE [--brand CODE], checked before anything is opened. */
function changeOf(command: string, { positionals, values }: ParsedArgs): GrantChange {
  if (positionals.length !== 2) throw new UsageError(`${command} needs an e-mail address and a role: tessera ${command} EMAIL ROLE [--brand CODE]`);
  const email = staffEmailField.safeParse(positionals[0]);
  if (!email.success) throw new UsageError(`${command}: "${positionals[0]!.slice(0, 80)}" is not an e-mail address`);
  const role = positionals[1]!;
  if (!isRole(role)) throw new UsageError(`${command}: the role must be one of ${ROLES}`);
  if (values.brand !== undefined && (typeof values.brand !== 'string' || values.brand === '')) throw new UsageError(`${command}: --brand needs a code`);
  return { email: email.data, role, brand: (values.brand as string | undefined) ?? null };
}

/** The check of grant and revoke: their arguments make a change (changeOf). */
const changeCheck = (command: string) => (args: ParsedArgs) => {
  changeOf(command, args);
};

const actorOf = (ctx: CliContext) => ({ name: operatorActor(ctx.operator), audit: operatorAuditFields(ctx) });
const where = (brand: string | null) => (brand === null ? 'all brands' : `brand ${brand}`);

/** A refusal of the shared service (unknown brand, last admin) as the CLI reports refusals. */
async function asOperator<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new OperatorError(`${error.message} (tessera brands list)`);
    if (error instanceof AppError) throw new OperatorError(error.message);
    throw error;
  }
}

export const staffGrant: CommandSpec = {
  name: 'staff grant',
  summary: 'give a staff member a role in the back office, on one brand or all',
  help: `Usage: tessera staff grant EMAIL ROLE [--brand CODE]

Grants the back office role ROLE to the staff member who signs in with EMAIL (compared in lower
case): on the brand CODE, or without --brand on all brands. The first admin is granted this way
(tessera staff grant you@example.com admin); admins grant the rest in the back office. Granting
what is already granted changes nothing.

Roles: ${ROLES}

Options:
  --brand CODE   the brand (tessera brands list); without it: all brands
  -h, --help     show this help`,
  options: { brand: { type: 'string' } },
  check: changeCheck('staff grant'),
  async run(ctx, args) {
    const { changed, grant } = await asOperator(() => grantStaff(ctx, changeOf('staff grant', args), actorOf(ctx)));
    ctx.io.out(changed ? `Granted ${grant.role} on ${where(grant.brand)} to ${grant.email}.` : `${grant.email} already has ${grant.role} on ${where(grant.brand)}; nothing changed.`);
    return EXIT.ok;
  },
};

export const staffRevoke: CommandSpec = {
  name: 'staff revoke',
  summary: 'take a back office role away (refused for the last admin of all brands)',
  help: `Usage: tessera staff revoke EMAIL ROLE [--brand CODE]

Revokes the grant of ROLE on the brand CODE (without --brand: the grant on all brands) from EMAIL.
The staff member's next call is refused what only that grant allowed. The last admin grant on all
brands cannot be revoked: grant another admin first.

Options:
  --brand CODE   the brand of the grant; without it: the grant on all brands
  -h, --help     show this help`,
  options: { brand: { type: 'string' } },
  check: changeCheck('staff revoke'),
  async run(ctx, args) {
    const { changed, grant } = await asOperator(() => revokeStaff(ctx, changeOf('staff revoke', args), actorOf(ctx)));
    if (!changed) throw new OperatorError(`${grant.email} has no ${grant.role} grant on ${where(grant.brand)} (tessera staff list).`);
    ctx.io.out(`Revoked ${grant.role} on ${where(grant.brand)} from ${grant.email}.`);
    return EXIT.ok;
  },
};

export const staffList: CommandSpec = {
  name: 'staff list',
  summary: 'list every back office grant',
  help: `Usage: tessera staff list [--json]

Lists every grant of the back office: e-mail address, role, brand (* for all brands), who granted
it and when.

Options:
  --json       print the grants as JSON
  -h, --help   show this help`,
  options: { json: { type: 'boolean' } },
  check: noArguments('staff list'),
  async run(ctx, { values }) {
    const grants = await listStaff(ctx);
    printListing(ctx.io, grants, {
      json: values.json,
      none: 'No staff grants. Grant the first admin: tessera staff grant EMAIL admin',
      header: ['EMAIL', 'ROLE', 'BRAND', 'GRANTED BY', 'GRANTED'],
      row: (g) => [g.email, g.role, g.brand ?? '*', g.grantedBy, minute(g.grantedAt)],
    });
    return EXIT.ok;
  },
};
