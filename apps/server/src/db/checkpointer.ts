import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Runs SQLite's WAL checkpoints on a worker thread with a connection of its own.
 *
 * With the default automatic checkpoint, the connection that commits the write that fills the
 * WAL (1000 pages) copies it into the database file and fsyncs it, on the event loop: every few
 * hundred lookups the whole server stopped for 10-25 ms on this machine's disk, which was most of
 * the p99. The server's connection turns the automatic checkpoint off (wal_autocheckpoint = 0)
 * and this worker runs the same PASSIVE checkpoint every `intervalMs`. A passive checkpoint never
 * blocks readers or writers; once it has copied everything, the next write starts the WAL from
 * the beginning again, so the file stays bounded as before. Durability is unchanged: commits never
 * waited for a checkpoint (synchronous = NORMAL).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearInterval(timer);
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
    db.close();
    parentPort.close();
  }
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, options: { intervalMs?: number; onError?: (message: string) => void } = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs: options.intervalMs ?? 200 } });
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError?.(message.error);
  });
  worker.on('error', (error) => options.onError?.(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
