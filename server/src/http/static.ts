import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Static serving, as the team contract says:
 * - the built shell from SHELL_DIST at `/`: index.html `no-cache`; content-hashed assets immutable;
 * - `/mf/registry.json` (and `history.json`) `no-store`: which build of each remote users get;
 * - `/mf/<remote-package>/<folder>/...` immutable for a year: a released folder never changes;
 * - SPA fallback: a GET that is not API/mf/hub and accepts text/html gets index.html (/login: login.html);
 * - the builds carry brotli and gzip siblings of their text assets (`x.js.br`, `x.js.gz`, made at build
 *   time): the best one the browser accepts is sent as it is, with `Content-Encoding` and `Vary`.
 */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_NO_STORE = 'no-store';
export const CACHE_NO_CACHE = 'no-cache';
/** The shell's pre-rendered login page (shell/public/login.html), sent for /login. */
const LOGIN_PAGE = 'login.html';

const HASHED_ASSET = /[.-][0-9a-f]{8,}\.(?:js|css|mjs|woff2?|png|jpe?g|svg|gif|webp|ico|map)$/i;

export function cacheControlFor(file: string, roots: { mfDir: string; shellDist: string }): string {
  const inMf = path.relative(roots.mfDir, file);
  if (!inMf.startsWith('..') && !path.isAbsolute(inMf)) {
    const depth = inMf.split(path.sep).length;
    return depth >= 3 ? CACHE_IMMUTABLE : CACHE_NO_STORE;
  }
  const base = path.basename(file);
  if (base === 'index.html' || base === LOGIN_PAGE) return CACHE_NO_CACHE;
  return HASHED_ASSET.test(base) ? CACHE_IMMUTABLE : CACHE_NO_CACHE;
}

export function isSpaPath(url: string): boolean {
  const p = url.split('?')[0].toLowerCase();
  return !/^\/(api|main|mf|hub)(\/|$)/.test(p);
}

export async function registerStatic(app: FastifyInstance, roots: { mfDir: string; shellDist: string }): Promise<void> {
  app.declareRoutesUnder((url) => url.startsWith('/mf/') || url === '/' || url === '/*', {
    method: 'GET',
    url: '/',
    summary: '静态资源：门户外壳与已发布的远程模块',
    tag: 'static',
    access: 'public',
    record: 'none',
    hidden: true,
  });
  const setHeaders = (res: { setHeader: (name: string, value: string) => unknown }, file: string) => {
    res.setHeader('Cache-Control', cacheControlFor(file, roots));
    // The same URL is sent brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
    res.setHeader('Vary', 'Accept-Encoding');
  };
  await app.register(fastifyStatic, {
    root: roots.mfDir,
    prefix: '/mf/',
    cacheControl: false,
    index: false,
    dotfiles: 'deny',
    preCompressed: true,
    setHeaders,
  });
  if (fs.existsSync(roots.shellDist)) {
    await app.register(fastifyStatic, {
      root: roots.shellDist,
      prefix: '/',
      decorateReply: false,
      cacheControl: false,
      index: ['index.html'],
      dotfiles: 'deny',
      preCompressed: true,
      setHeaders,
    });
  }
}

/**
 * The SPA fallback, used by the not-found handler. False when the shell is not built. `/login` gets
 * login.html, the same page with the login form already drawn (the shell hydrates it), when built.
 */
export function sendShellIndex(request: FastifyRequest, reply: FastifyReply, shellDist: string): boolean {
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) return false;
  const isLogin = request.url.split('?')[0] === '/login';
  const page = isLogin && fs.existsSync(path.join(shellDist, LOGIN_PAGE)) ? LOGIN_PAGE : 'index.html';
  reply.header('Cache-Control', CACHE_NO_CACHE);
  void reply.sendFile(page, shellDist);
  return true;
}
