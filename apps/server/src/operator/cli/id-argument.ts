import { UsageError } from './context.js';

/** The check of a command that takes no arguments, only options (`db migrate`, `brands list`). */
export const noArguments = (command: string) => (args: { positionals: string[] }) => {
  if (args.positionals.length > 0) throw new UsageError(`${command} takes no arguments`);
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one id a command takes (`outbox show ID`, `webhooks remove ID`): exactly one argument, shaped
 * as the ids the list command prints (`thing`: "message", listed by "tessera outbox list").
 */
export function checkOneId(command: string, positionals: string[], thing: { name: string; listedBy: string }): void {
  if (positionals.length !== 1) throw new UsageError(`${command} needs one ${thing.name} id: tessera ${command} ID`);
  if (!UUID.test(positionals[0]!)) throw new UsageError(`${command}: "${positionals[0]!.slice(0, 40)}" is not a ${thing.name} id (as "${thing.listedBy}" prints them)`);
}

/** The check of a command whose only argument is one id (`outbox retry ID`): see checkOneId. */
export const oneIdArgument = (command: string, thing: { name: string; listedBy: string }) => (args: { positionals: string[] }) =>
  checkOneId(command, args.positionals, thing);
