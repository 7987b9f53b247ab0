/**
 * Stored files are served only to logged-in users who may see them (issue #12): `<img>` and links,
 * which cannot send the `authkey` header, use short-lived signed URLs that the server hands out.
 * File lists and uploads carry one (`signedUrl`); the stable addresses that records store
 * (`/files/<name>`: pictures, covers, vouchers, file fields) are signed through `api/file/SignUrls`.
 * Each address is one query of the portal's QueryClient (`['file', 'SignUrls', address]`), fresh for
 * 10 minutes (the server's URLs live 30); the queries started in the same tick are sent as one
 * request. Other addresses pass through unchanged.
 */
import { useQueries } from '@tanstack/react-query';
import { api, endpointKey } from '@portal/shared-core';

const STORED = /^\/files\/[0-9a-f]{32}\.[a-z0-9]{1,5}(?=$|\?)/;
/** Server URLs live 30 minutes; ask again after 10. */
const FRESH_MS = 10 * 60_000;
const SIGN_URLS = 'api/file/SignUrls';

const stableOf = (url: string): string | undefined => (url.includes('sig=') ? undefined : STORED.exec(url)?.[0]);

/** Addresses waiting for this tick's request, with the resolvers of the queries waiting on them. */
type Batch = Map<string, ((signed: string | null) => void)[]>;
let pending: Batch | undefined;

async function sendBatch(waiting: Batch): Promise<void> {
  let signed: Record<string, string> = {};
  try {
    signed = (await api.fetch<Record<string, string>>(SIGN_URLS, { urls: [...waiting.keys()] }, { silent: true })) ?? {};
  } catch {
    // Not signed (no login, no right, offline): the plain address stays and the picture shows as failed.
  }
  for (const [url, resolvers] of waiting) for (const resolve of resolvers) resolve(signed[url] ?? null);
}

/** The signed URL of one stored address; the calls of one tick share one request. */
function signedUrl(stable: string): Promise<string | null> {
  return new Promise((resolve) => {
    let batch = pending;
    if (!batch) {
      const waiting: Batch = new Map();
      batch = pending = waiting;
      setTimeout(() => {
        pending = undefined;
        void sendBatch(waiting);
      }, 0);
    }
    batch.set(stable, [...(batch.get(stable) ?? []), resolve]);
  });
}

/** `urls` as addresses the browser may load: the signed URL once it is there, the address until then. */
export function useFileSrcs(urls: readonly string[]): string[] {
  const stables = urls.map(stableOf);
  const signed = useQueries({
    queries: stables.map((stable) => ({
      queryKey: endpointKey(SIGN_URLS, { url: stable ?? '' }),
      queryFn: () => signedUrl(stable as string),
      enabled: stable !== undefined,
      staleTime: FRESH_MS,
      refetchInterval: FRESH_MS,
      retry: false,
    })),
  });
  return urls.map((url, i) => signed[i]?.data ?? url);
}

export function useFileSrc(url: string | undefined): string | undefined {
  const [src] = useFileSrcs(url ? [url] : []);
  return url ? src : undefined;
}
