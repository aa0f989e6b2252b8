import { randomFillSync } from 'node:crypto';

/**
 * Opaque ids with the spec's prefixes (comp-, cat-, mat-, loan-, payment-, wr-) and ours for the rest.
 *
 * The UUID part is version 7 (RFC 9562): the first 48 bits are the creation time in milliseconds, so
 * ids made one after another sort one after another. Every table's primary key and the indexes that
 * carry an id (the action log, the registro chain's subjects) then take new rows at their right
 * edge instead of at a random leaf: a clock-in dirtied ~17 B-tree pages and wrote ~69 KB to the
 * WAL with random (v4) ids against ~11 pages and ~45 KB now (docs/decisions/027). The other 74 bits
 * are random (a 12-bit counter within a millisecond, then 62 random bits), so ids stay unguessable;
 * nothing relies on that anyway, as every read checks the caller's scope.
 */
export function newId(prefix: string): string {
  return `${prefix}-${uuidV7()}`;
}

const RANDOM_POOL_BYTES = 8 * 256;
const randomPool = Buffer.alloc(RANDOM_POOL_BYTES);
let poolOffset = RANDOM_POOL_BYTES;
let lastMs = -1;
let counter = 0;

function randomBytes8(): Buffer {
  if (poolOffset === RANDOM_POOL_BYTES) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  const bytes = randomPool.subarray(poolOffset, poolOffset + 8);
  poolOffset += 8;
  return bytes;
}

/**
 * A version-7 UUID. Within one millisecond the 12-bit `rand_a` field counts up from a random start
 * (RFC 9562 §6.2, method 1), so ids of the same millisecond keep their creation order; when the
 * counter runs out the timestamp moves on by one millisecond, never back.
 */
export function uuidV7(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomBytes8().readUInt16BE(0) & 0x7ff;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = randomBytes8().readUInt16BE(0) & 0x7ff;
  }
  const random = randomBytes8();
  const time = lastMs.toString(16).padStart(12, '0');
  const randA = (0x7000 | counter).toString(16);
  const variant = ((random[0]! & 0x3f) | 0x80).toString(16).padStart(2, '0') + random[1]!.toString(16).padStart(2, '0');
  const tail = random.toString('hex', 2, 8);
  return `${time.slice(0, 8)}-${time.slice(8)}-${randA}-${variant}-${tail}`;
}
