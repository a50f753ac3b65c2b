import { randomFillSync } from 'node:crypto';

/**
 * UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter within the millisecond
 * (method 1, "fixed bit-length dedicated counter"), 62 random bits. Ids made one after another
 * sort one after another, so a table's primary key and the indexes on them (card_id) grow at
 * their right edge instead of at a random page: a million random UUIDs touched a random B-tree
 * page each and made SQLite's import twice as slow (docs/decisions/026). The ids stay
 * unguessable enough for what they are, row keys no caller is handed as a secret.
 */

const RANDOM_POOL = 4096;
let pool = Buffer.alloc(0);
let offset = 0;
let lastMs = 0;
let counter = 0;

function randomBytes8(target: Buffer, at: number): void {
  if (offset + 8 > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(RANDOM_POOL));
    offset = 0;
  }
  pool.copy(target, at, offset, offset + 8);
  offset += 8;
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function timeOrderedId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    // The counter ran out within one millisecond (or the clock went back): borrow the next
    // millisecond, so ids keep rising.
    lastMs++;
    counter = 0;
  }
  const b = Buffer.allocUnsafe(16);
  b.writeUIntBE(lastMs, 0, 6);
  b[6] = 0x70 | (counter >> 8);
  b[7] = counter & 0xff;
  randomBytes8(b, 8);
  b[8] = 0x80 | (b[8]! & 0x3f);
  let hex = '';
  for (let i = 0; i < 16; i++) {
    hex += HEX[b[i]!];
    if (i === 3 || i === 5 || i === 7 || i === 9) hex += '-';
  }
  return hex;
}
