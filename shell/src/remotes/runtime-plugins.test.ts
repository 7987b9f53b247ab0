import { fetchWithRetry, isAreaUnavailable, routesFallbackPlugin } from './runtime-plugins';

const okResponse = { status: 200 } as Response;
const serverError = { status: 503 } as Response;

afterEach(() => jest.restoreAllMocks());

it('retries network errors and 5xx, then gives the last answer', async () => {
  const fetchMock = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(serverError).mockResolvedValueOnce(okResponse);
  globalThis.fetch = fetchMock;
  await expect(fetchWithRetry('/mf/x/mf-manifest.json', {}, [0, 0])).resolves.toBe(okResponse);
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

it('does not retry a 404 and rethrows after the last attempt', async () => {
  globalThis.fetch = jest.fn().mockResolvedValue({ status: 404 } as Response);
  await expect(fetchWithRetry('/x', {}, [0])).resolves.toMatchObject({ status: 404 });
  expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('down'));
  await expect(fetchWithRetry('/x', {}, [0, 0])).rejects.toThrow('down');
  expect(globalThis.fetch).toHaveBeenCalledTimes(3);
});

it('turns a failed routes load into an unavailable area, and leaves other modules alone', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const plugin = routesFallbackPlugin();
  const handle = plugin.errorLoadRemote as (args: { id: string; error: unknown }) => unknown;
  expect(isAreaUnavailable(handle({ id: 'remote_bi/routes', error: new Error('dead') }))).toBe(true);
  expect(handle({ id: 'remote_bi/other', error: new Error('dead') })).toBeUndefined();
});
