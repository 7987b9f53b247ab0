import { act, renderHook, waitFor } from '@testing-library/react';
import { renderHookWithProviders } from '../../test/render-with-providers';
import { usePagedList } from './use-paged-list';
import { useListQuery } from './use-list-query';

type Query = { page: number; rows: number; key: string };

describe('usePagedList', () => {
  it('loads the page for the query and reloads on demand', async () => {
    const load = jest.fn(async (q: Query) => ({ rows: [`${q.key}-${q.page}`], total: 1 }));
    const { result } = renderHookWithProviders(() => usePagedList(['test', 'index'], load, { page: 1, rows: 10, key: 'a' }));
    await waitFor(() => expect(result.current.rows).toEqual(['a-1']));
    expect(result.current.loading).toBe(false);
    act(() => result.current.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('does not reload when the caller passes an equal query object', async () => {
    const load = jest.fn(async () => ({ rows: [], total: 0 }));
    const { rerender } = renderHookWithProviders(() => usePagedList(['test', 'index'], load, { page: 1, rows: 10, key: '' }));
    rerender();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('keeps only the latest answer when answers arrive out of order', async () => {
    const answers: Record<string, (v: { rows: string[]; total: number }) => void> = {};
    const load = (q: Query) => new Promise<{ rows: string[]; total: number }>((resolve) => (answers[q.key] = resolve));
    const { result, rerender } = renderHookWithProviders(({ key }) => usePagedList(['test', 'index'], load, { page: 1, rows: 10, key }), {
      initialProps: { key: 'old' },
    });
    rerender({ key: 'new' });
    await act(async () => answers.new({ rows: ['new'], total: 1 }));
    await act(async () => answers.old({ rows: ['old'], total: 1 }));
    expect(result.current.rows).toEqual(['new']);
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    let answer: (v: { rows: string[]; total: number }) => void = () => undefined;
    const load = jest.fn((q: Query) =>
      q.page === 1 ? Promise.resolve({ rows: ['p1'], total: 2 }) : new Promise<{ rows: string[]; total: number }>((r) => (answer = r)),
    );
    const { result, rerender } = renderHookWithProviders(({ page }) => usePagedList(['test', 'index'], load, { page, rows: 1, key: '' }), {
      initialProps: { page: 1 },
    });
    await waitFor(() => expect(result.current.rows).toEqual(['p1']));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.rows).toEqual(['p1']);
    await act(async () => answer({ rows: ['p2'], total: 2 }));
    expect(result.current.rows).toEqual(['p2']);
  });

  it('reloads when a mutation invalidates the list key', async () => {
    const load = jest.fn(async () => ({ rows: [], total: 0 }));
    const { queryClient } = renderHookWithProviders(() => usePagedList(['test', 'index'], load, { page: 1 }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(() => queryClient.invalidateQueries({ queryKey: ['test', 'index'] }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('exposes a load failure', async () => {
    const { result } = renderHookWithProviders(() => usePagedList(['test', 'index'], () => Promise.reject(new Error('响应失败')), { page: 1 }));
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
