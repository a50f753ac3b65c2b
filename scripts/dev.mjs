// npm run dev: the API with tsx watch on 8081 and Vite with hot reload on 5173, which proxies the
// API. Open http://localhost:5173/demo/balance.
import { spawn } from 'node:child_process';
import { ROOT } from './lib/build.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: '8081', PUBLIC_URL: 'http://localhost:5173', PIN_FRAME_URL: 'http://127.0.0.1:8081' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; });
