// npm run test:pg: the server suite again, on PostgreSQL. Each test file creates its own schema
// in the database named here and drops it afterwards (apps/server/test/helpers).
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/build.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
