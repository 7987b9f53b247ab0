import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { ExportModal } from './export-modal';
import { EXPORT_POLL_MS } from './use-export-job';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
  getSessionToken: () => 'token-1',
}));
const mockedApi = jest.mocked(api);

const ENDPOINTS = { start: 'api/customer/ExportStart', progress: 'api/customer/ExportProgress', download: 'api/customer/ExportDownload' };

describe('批量导出', () => {
  const fetchMock = jest.fn();
  let clicked: string[] = [];

  // The job is polled every EXPORT_POLL_MS: fake timers step through the polls instead of sleeping.
  afterEach(() => jest.useRealTimers());

  beforeEach(() => {
    jest.useFakeTimers();
    jest.clearAllMocks();
    clicked = [];
    global.fetch = fetchMock as unknown as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });

  it('starts the job with the current filter, shows progress, then downloads the .xlsx', async () => {
    mockedApi.fetch.mockImplementation(async (url: string) => {
      if (url === ENDPOINTS.start) return { jobId: 'j'.repeat(32), total: 1500 };
      const polls = mockedApi.fetch.mock.calls.filter(([u]) => u === ENDPOINTS.progress).length;
      return polls === 1 ? { done: 1000, total: 1500, finished: false } : { done: 1500, total: 1500, finished: true };
    });
    // jsdom has no Response: the download reads ok, two headers and the blob.
    const headers: Record<string, string> = {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="x.xlsx"; filename*=UTF-8\'\'%E5%AE%A2%E6%88%B7%E5%AF%BC%E5%87%BA.xlsx',
    };
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      blob: async () => new Blob(['xlsx']),
    });
    const query = { key: '华信', scene: 'mine', filters: { level: 'A' } };
    renderWithProviders(<ExportModal open endpoints={ENDPOINTS} query={query} onClose={jest.fn()} />);
    await waitFor(() => expect(mockedApi.fetch).toHaveBeenCalledWith(ENDPOINTS.start, query));
    expect(await screen.findByText('正在导出 0 / 1500 条，完成后自动下载')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(EXPORT_POLL_MS));
    expect(await screen.findByText('正在导出 1000 / 1500 条，完成后自动下载')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(EXPORT_POLL_MS));
    expect(await screen.findByText('共 1500 条，已下载 客户导出.xlsx')).toBeInTheDocument();
    // Polling stopped with the download.
    await act(() => jest.advanceTimersByTimeAsync(EXPORT_POLL_MS * 4));
    expect(mockedApi.fetch.mock.calls.filter(([u]) => u === ENDPOINTS.progress)).toHaveLength(2);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/customer/ExportDownload?jobId=${'j'.repeat(32)}`);
    expect(init).toMatchObject({ method: 'GET', headers: { authkey: 'token-1' } });
    expect(clicked).toEqual(['客户导出.xlsx']);
  });
});
