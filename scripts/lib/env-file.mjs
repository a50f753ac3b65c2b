// `--env-file FILE` (or `--env-file=FILE`) among npm start's or the CLI's arguments becomes Node's
// own --env-file flag: the settings are read from FILE, and variables already in the environment
// win. A file that is not there is an error, not an empty configuration.
import { existsSync } from 'node:fs';
import path from 'node:path';

export function takeEnvFile(args) {
  const nodeArgs = [];
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const file = arg === '--env-file' ? args[++i] : arg.startsWith('--env-file=') ? arg.slice('--env-file='.length) : undefined;
    if (file === undefined) {
      rest.push(arg);
      continue;
    }
    const full = path.resolve(process.env.INIT_CWD ?? process.cwd(), file ?? '');
    if (!file || !existsSync(full)) {
      process.stderr.write(`--env-file: ${file ? `${full} does not exist` : 'name the file'}\n`);
      process.exit(78);
    }
    nodeArgs.push(`--env-file=${full}`);
  }
  return { nodeArgs, rest };
}
