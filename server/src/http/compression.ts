import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Replies above 1 KB go out compressed when the browser accepts it: brotli at a fast level (the
 * API's JSON is made per request), else gzip. Built assets already carry brotli/gzip siblings made
 * at build time and are sent as they are (see static.ts); a reply that already has a
 * Content-Encoding is left alone. Request bodies are never decompressed (no inflation on our side).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
