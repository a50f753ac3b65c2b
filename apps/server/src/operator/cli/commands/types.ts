import type { ParseArgsConfig } from 'node:util';
import type { CliContext, CliIo } from '../context.js';

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface CommandSpec {
  /** "brand import", "cards unlock": the words that select the command. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full --help text. */
  help: string;
  options: OptionSpecs;
  /** Checks the arguments before anything is opened; throws UsageError. */
  check(args: ParsedArgs): void;
  run(ctx: CliContext, args: ParsedArgs): Promise<number>;
  /** 'as-is': the database is opened without migrating or checking its schema (the db commands). */
  schema?: 'as-is';
  /** A command that needs no database or keys (brands schema): runs instead of `run`. */
  withoutDatabase?: (io: CliIo, args: ParsedArgs) => Promise<number>;
  /** The command may create a SQLite database that is not there yet (db migrate). */
  mayCreateDatabase?: true;
}

export type { CliIo };
