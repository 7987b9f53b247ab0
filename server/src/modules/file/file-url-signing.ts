/**
 * Short-lived signed URLs for stored files (`/files/<name>?exp=…&u=…&sig=…`). `<img>` and plain
 * downloads cannot send the `authkey` header, so the API hands out, to a user who may see the file,
 * a URL that carries the proof: an HMAC-SHA256 over the stored name, the expiry (unix seconds) and
 * the user id, under a server secret. The secret is `FILE_URL_SECRET` when set (several servers on
 * different machines), otherwise a random key created once in `<DATA_DIR>/secrets/file-url.key`
 * (mode 0600), which every process sharing the data folder reads.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config';

export type FileUrlSigner = {
  /** `/files/<name>?exp=…&u=…&sig=…`, valid for the configured lifetime from `now`. */
  sign(storedName: string, userId: number, now: Date): string;
  /** The user id the signature was issued to, or undefined when it is missing, forged or expired. */
  verify(storedName: string, query: Record<string, unknown>, now: Date): number | undefined;
};

const KEY_BYTES = 32;

/** Reads (or creates, atomically, so two processes starting together agree) the signing key. */
export function loadFileUrlSecret(config: Pick<AppConfig, 'dataDir' | 'fileUrlSecret'>): Buffer {
  if (config.fileUrlSecret) return Buffer.from(config.fileUrlSecret, 'utf8');
  const dir = path.join(config.dataDir, 'secrets');
  const file = path.join(dir, 'file-url.key');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`file URL signing key ${file} is damaged: delete it to create a new one`);
  return Buffer.from(key, 'hex');
}

export function createFileUrlSigner(secret: Buffer, ttlSeconds: number): FileUrlSigner {
  const mac = (name: string, exp: number, userId: number) => createHmac('sha256', secret).update(`${name}\n${exp}\n${userId}`).digest('base64url');
  return {
    sign(storedName, userId, now) {
      // Rounded up to the next minute: URLs signed within the same minute are equal, so browsers cache them.
      const exp = Math.ceil((now.getTime() / 1000 + ttlSeconds) / 60) * 60;
      return `/files/${storedName}?exp=${exp}&u=${userId}&sig=${mac(storedName, exp, userId)}`;
    },
    verify(storedName, query, now) {
      const exp = typeof query.exp === 'string' && /^\d{1,12}$/.test(query.exp) ? Number(query.exp) : undefined;
      const userId = typeof query.u === 'string' && /^\d{1,12}$/.test(query.u) ? Number(query.u) : undefined;
      const sig = typeof query.sig === 'string' ? query.sig : undefined;
      if (exp === undefined || userId === undefined || !sig) return undefined;
      if (exp * 1000 <= now.getTime()) return undefined;
      const expected = Buffer.from(mac(storedName, exp, userId));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
    },
  };
}
