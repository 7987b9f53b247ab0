/**
 * Temporary files of batch import and export under `<dataDir>/tmp`: random names, swept when older
 * than an hour (an abandoned import or an export nobody downloaded), and on close.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';

const MAX_AGE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** Only names this module hands out are ever swept or opened by token. */
const TOKEN = /^[a-f0-9]{32}$/;

export type TempFiles = {
  dir: string;
  /** A fresh token naming a file in the folder. */
  newToken(): string;
  /** The file of `token` with the given suffix (`import-<token>.json`); throws on a malformed token. */
  fileOf(prefix: string, token: string, suffix: string): string;
  isToken(value: string): boolean;
  remove(file: string): void;
  sweep(): void;
};

export function tempDirOf(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'tmp');
}

export function createTempFiles(dir: string, clock: () => Date = () => new Date()): TempFiles {
  fs.mkdirSync(dir, { recursive: true });
  const isToken = (value: string) => TOKEN.test(value);
  return {
    dir,
    isToken,
    newToken: () => randomBytes(16).toString('hex'),
    fileOf(prefix, token, suffix) {
      if (!isToken(token)) throw new Error('malformed temp file token');
      return path.join(dir, `${prefix}-${token}${suffix}`);
    },
    remove(file) {
      fs.rm(file, { force: true }, () => undefined);
    },
    sweep() {
      const limit = clock().getTime() - MAX_AGE_MS;
      let names: string[] = [];
      try {
        names = fs.readdirSync(dir);
      } catch {
        return;
      }
      for (const name of names) {
        const file = path.join(dir, name);
        try {
          if (fs.statSync(file).mtimeMs < limit) fs.rmSync(file, { force: true, recursive: true });
        } catch {
          /* removed meanwhile */
        }
      }
    },
  };
}

/** The app's temp folder, swept now, every ten minutes and when the app closes. */
export function openTempFiles(app: FastifyInstance, config: Pick<AppConfig, 'dataDir'>): TempFiles {
  const temp = createTempFiles(tempDirOf(config));
  temp.sweep();
  const timer = setInterval(() => temp.sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    temp.sweep();
  });
  return temp;
}
