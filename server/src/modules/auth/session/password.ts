import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1, keylen: 64 } as const;

/**
 * scrypt's cost N for new hashes: 16384. Test runs (NODE_ENV=test, which jest sets) may lower it with
 * PORTAL_TEST_SCRYPT_N (a power of two from 1024), as the server's jest config does: the server suites
 * hash and verify some 400 passwords each, ~17 CPU-seconds at 16384. Outside tests the variable is
 * ignored. Verification always uses the N stored in the hash.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  if (env.NODE_ENV !== 'test' || env.PORTAL_TEST_SCRYPT_N === undefined) return PARAMS.N;
  const n = Number(env.PORTAL_TEST_SCRYPT_N);
  return Number.isInteger(n) && n >= 1024 && n <= PARAMS.N && (n & (n - 1)) === 0 ? n : PARAMS.N;
}

function derive(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keylen, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64), with a random 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = scryptCost();
  const key = await derive(password, salt, PARAMS.keylen, { N, r: PARAMS.r, p: PARAMS.p });
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const key = await derive(password, salt, expected.length, { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: used to spend the same time when the account does not exist. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}
