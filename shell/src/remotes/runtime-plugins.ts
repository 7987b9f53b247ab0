/**
 * Module Federation runtime plugins of the shell:
 * - `retryPlugin`: retries fetching a remote's manifest (network errors and 5xx) a few times;
 * - `routesFallbackPlugin`: turns a failed `<remote>/routes` load into an "area unavailable" marker
 *   instead of an exception, so the other areas keep working.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const AREA_UNAVAILABLE = Symbol.for('portal.areaUnavailable');
export type AreaUnavailable = { [AREA_UNAVAILABLE]: true; error: unknown };

export function isAreaUnavailable(value: unknown): value is AreaUnavailable {
  return typeof value === 'object' && value !== null && AREA_UNAVAILABLE in value;
}

const RETRY_DELAYS_MS = [300, 1000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** fetch with retries; a 4xx is final (the file is not there), a 5xx or a network error is retried. */
export async function fetchWithRetry(url: string, init: RequestInit, delays: readonly number[] = RETRY_DELAYS_MS): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(url, init);
      if (response.status < 500 || attempt >= delays.length) return response;
    } catch (error) {
      if (attempt >= delays.length) throw error;
    }
    await wait(delays[attempt]);
  }
}

export function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-retry',
    fetch: (url, init) => fetchWithRetry(url, init),
  };
}

export function routesFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-routes-fallback',
    errorLoadRemote: ({ id, error }) => {
      if (!id.endsWith('/routes')) return undefined;
      console.error(`[remotes] ${id} is unavailable`, error);
      const marker: AreaUnavailable = { [AREA_UNAVAILABLE]: true, error };
      return marker;
    },
  };
}
