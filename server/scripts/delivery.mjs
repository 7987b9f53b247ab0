#!/usr/bin/env node
/**
 * `pnpm release …` / `pnpm rollback …`: runs the compiled release command (server/dist/release/cli.js)
 * in this process, so a rollback takes a fraction of a second. When the server build is missing or
 * older than its sources, it is built first (tsc, a few seconds), then the command runs.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_TARGETS, buildTargets, isStale, repoRoot } from './workspace.mjs';

const server = BUILD_TARGETS.find((target) => target.name === 'server');
if (isStale(server)) await buildTargets([server]);
// The CLI reads process.argv (release|rollback and its options) and exits with its own code.
await import(pathToFileURL(path.join(repoRoot, 'server', 'dist', 'release', 'cli.js')).href);
