#!/usr/bin/env node
// Runs the server test suite against PostgreSQL. Each test file works in its own database (a copy of
// the run's seeded template, see test/harness.ts), so two workers run files side by side.
// DATABASE_URL defaults to the dev/CI database: postgres://postgres@127.0.0.1:5432/test (trust auth).
//
// Files that do not depend on the database are left out of the whole-suite run (they run on SQLite in
// `npm test`): the pure unit tests under src/, the realtime hub's protocol and client tests, the
// static files and security headers, the API docs, the .xlsx bomb guard and SQLite's own durability.
// Naming test files on the command line runs exactly those.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' };
const jest = path.join(serverDir, 'node_modules', 'jest', 'bin', 'jest.js');

const DATABASE_INDEPENDENT = ['<rootDir>/src/', 'test/(hub-protocol|hub-client|static|api-docs|xlsx-bomb|sqlite-durability|security-headers)\\.test\\.ts$'];

const args = process.argv.slice(2);
const namesFiles = args.some((arg) => !arg.startsWith('-') && /\.test\.ts$|\//.test(arg));
const ignore = namesFiles ? [] : ['--testPathIgnorePatterns', '/node_modules/', ...DATABASE_INDEPENDENT];
const result = spawnSync(process.execPath, [jest, '--maxWorkers=2', ...ignore, ...args], { cwd: serverDir, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
