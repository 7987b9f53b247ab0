/**
 * Stored files are served only to logged-in users who may see them (issue #12): `<img>` and links,
 * which cannot send the `authkey` header, use short-lived signed URLs that the server hands out.
 * File lists and uploads carry one (`signedUrl`); the stable addresses that records store
 * (`/files/<name>`: pictures, covers, vouchers, file fields) are signed in batches through
 * `api/file/SignUrls`, cached and re-signed well before they expire. Other addresses pass through.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '@portal/shared-core';

const STORED = /^\/files\/[0-9a-f]{32}\.[a-z0-9]{1,5}(?=$|\?)/;
/** Server URLs live 30 minutes; ask again after 10. */
const FRESH_MS = 10 * 60_000;

type Entry = { signed?: string; at: number };
const cache = new Map<string, Entry>();
const queued = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;
let scheduled = false;

const stableOf = (url: string): string | undefined => STORED.exec(url)?.[0];

async function flush(): Promise<void> {
  scheduled = false;
  const urls = [...queued];
  queued.clear();
  let signed: Record<string, string> = {};
  try {
    signed = (await api.fetch<Record<string, string>>('api/file/SignUrls', { urls }, { silent: true })) ?? {};
  } catch {
    // Not signed (no login, no right, offline): the plain address stays and the picture shows as failed.
  }
  const now = Date.now();
  for (const url of urls) cache.set(url, { signed: signed[url], at: now });
  version += 1;
  for (const listener of listeners) listener();
}

function ensureSigned(url: string): void {
  const stable = stableOf(url);
  if (!stable || queued.has(stable)) return;
  const entry = cache.get(stable);
  if (entry && Date.now() - entry.at < FRESH_MS) return;
  cache.set(stable, { signed: entry?.signed, at: Date.now() });
  queued.add(stable);
  if (!scheduled) {
    scheduled = true;
    setTimeout(() => void flush(), 0);
  }
}

/** The address to put in `src`/`href` now: a signed URL as soon as there is one. */
export function fileSrc(url: string): string {
  const stable = stableOf(url);
  if (!stable || url.includes('sig=')) return url;
  return cache.get(stable)?.signed ?? url;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `urls` as addresses the browser may load; re-renders when their signed URLs arrive. */
export function useFileSrcs(urls: readonly string[]): string[] {
  useSyncExternalStore(subscribe, () => version, () => version);
  const key = urls.join('\n');
  useEffect(() => {
    for (const url of key ? key.split('\n') : []) if (!url.includes('sig=')) ensureSigned(url);
  }, [key]);
  return urls.map(fileSrc);
}

export function useFileSrc(url: string | undefined): string | undefined {
  const [src] = useFileSrcs(url ? [url] : []);
  return url ? src : undefined;
}
