import { act, renderHook, waitFor } from '@testing-library/react';
import { usePagedList } from './use-paged-list';
import { useListQuery } from './use-list-query';

type Query = { page: number; rows: number; key: string };

describe('usePagedList', () => {
  it('loads the page for the query and reloads on demand', async () => {
    const load = jest.fn(async (q: Query) => ({ rows: [`${q.key}-${q.page}`], total: 1 }));
    const { result } = renderHook(() => usePagedList(load, { page: 1, rows: 10, key: 'a' }));
    await waitFor(() => expect(result.current.rows).toEqual(['a-1']));
    expect(result.current.loading).toBe(false);
    act(() => result.current.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('does not reload when the caller passes an equal query object', async () => {
    const load = jest.fn(async () => ({ rows: [], total: 0 }));
    const { rerender } = renderHook(() => usePagedList(load, { page: 1, rows: 10, key: '' }));
    rerender();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('keeps only the latest answer when answers arrive out of order', async () => {
    const answers: Record<string, (v: { rows: string[]; total: number }) => void> = {};
    const load = (q: Query) => new Promise<{ rows: string[]; total: number }>((resolve) => (answers[q.key] = resolve));
    const { result, rerender } = renderHook(({ key }) => usePagedList(load, { page: 1, rows: 10, key }), {
      initialProps: { key: 'old' },
    });
    rerender({ key: 'new' });
    await act(async () => answers.new({ rows: ['new'], total: 1 }));
    await act(async () => answers.old({ rows: ['old'], total: 1 }));
    expect(result.current.rows).toEqual(['new']);
  });

  it('exposes a load failure', async () => {
    const { result } = renderHook(() => usePagedList(() => Promise.reject(new Error('响应失败')), { page: 1 }));
    await waitFor(() => expect(result.current.error).toBe('响应失败'));
  });
});

describe('useListQuery', () => {
  it('goes back to page 1 when the search changes', () => {
    const { result } = renderHook(() => useListQuery<Query>({ page: 1, rows: 10, key: '' }));
    act(() => result.current.changePage(3, 10));
    expect(result.current.query.page).toBe(3);
    act(() => result.current.changeQuery({ key: '华信' }));
    expect(result.current.query).toEqual({ page: 1, rows: 10, key: '华信' });
  });

  it('goes back to page 1 when the page size changes', () => {
    const { result } = renderHook(() => useListQuery<Query>({ page: 4, rows: 10, key: '' }));
    act(() => result.current.changePage(4, 50));
    expect(result.current.query).toEqual({ page: 1, rows: 50, key: '' });
  });
});
