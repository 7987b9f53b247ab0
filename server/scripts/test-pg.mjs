#!/usr/bin/env node
// Runs the server test suite against PostgreSQL. Each test file creates its own schema and drops it.
// DATABASE_URL defaults to the dev/CI database: postgres://postgres@127.0.0.1:5432/test (trust auth).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' };
const jest = path.join(serverDir, 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(process.execPath, [jest, '--runInBand', ...process.argv.slice(2)], { cwd: serverDir, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
