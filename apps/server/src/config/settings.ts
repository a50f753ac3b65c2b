import { z } from 'zod';

/*
 * What every concern's parser shares: the shapes environment values are written in, and the one
 * list of problems all of them add to, so an operator fixes a deployment in one go.
 */

/** Every problem found so far, as `SETTING: what is wrong`. */
export type Problems = string[];

/** Environment flags written by people: true/false, 1/0, yes/no, on/off. */
export const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), 'expected true or false')
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const port = z.coerce.number().int().min(0).max(65535);
export const positiveInt = z.coerce.number().int().positive();
export const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

/** The settings of one concern as they come out of the schema. */
export type SettingsOf<T extends z.ZodRawShape> = z.output<z.ZodObject<T>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
