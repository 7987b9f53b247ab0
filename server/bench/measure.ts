/** What the benchmarks share: a nearest-rank quantile and timing one request N times. */
import { performance } from 'node:perf_hooks';

/** The q-quantile (0–1) of ascending `sorted`, nearest rank. */
export const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/** Runs `request` `times` times in a row; the durations in ms, ascending, and the last answer. */
export async function timeRequests<T>(times: number, request: () => Promise<T>): Promise<{ sorted: number[]; last: T | undefined }> {
  const durations: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    last = await request();
    durations.push(performance.now() - t);
  }
  return { sorted: durations.sort((a, b) => a - b), last };
}

/** POSTs a JSON body with the login token, as the portal does, and reads the JSON answer. */
export async function postJson<T>(url: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authkey: token }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}
