/**
 * A stored file address (`/files/…`) as an address <img> may load: files need a short-lived signed
 * URL, asked for with the key shared-ui uses for the same address and renewed every minute. Other
 * addresses pass unchanged.
 */
import type { SignedUrls } from '@portal/shared-contract';
import { useQuery } from '@tanstack/react-query';
import { api, endpointKey } from '@portal/shared-core';

export function useSignedFile(url: string): string | undefined {
  const stored = url.startsWith('/files/');
  const signed = useQuery({
    queryKey: endpointKey('api/file/SignUrls', { url }),
    queryFn: async () => (await api.fetch<SignedUrls>('api/file/SignUrls', { urls: [url] }, { silent: true }))?.[url] ?? null,
    enabled: stored,
    staleTime: 60_000,
    refetchInterval: 60_000,
  }).data;
  if (!url) return undefined;
  return stored ? (signed ?? undefined) : url;
}
