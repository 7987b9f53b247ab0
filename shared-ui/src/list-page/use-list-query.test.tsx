import { act, screen } from '@testing-library/react';
import { renderWithProviders, renderHookWithProviders } from '../../test/render-with-providers';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { useListQuery, useRouteListQuery } from './use-list-query';

type Query = { page: number; rows: number; key: string; id?: string };

describe('route params in the list query', () => {
  it('copies the params into the first query and a change of them back to page 1', () => {
    const { result, rerender } = renderHookWithProviders(({ params }) => useListQuery<Query>({ page: 1, rows: 10, key: '' }, params), {
      initialProps: { params: { id: '5' } as Record<string, string | undefined> },
    });
    expect(result.current.query).toEqual({ page: 1, rows: 10, key: '', id: '5' });
    act(() => result.current.changePage(3, 10));
    rerender({ params: { id: '8' } });
    expect(result.current.query).toEqual({ page: 1, rows: 10, key: '', id: '8' });
    rerender({ params: {} });
    expect(result.current.query).toEqual({ page: 1, rows: 10, key: '' });
  });

  it('reads the params of the current route', () => {
    let navigate: (to: string) => void = () => undefined;
    function Page() {
      navigate = useNavigate();
      const { query } = useRouteListQuery<Query>({ page: 1, rows: 10, key: '' });
      return <output>{JSON.stringify(query)}</output>;
    }
    renderWithProviders(
      <MemoryRouter initialEntries={['/crm/customer/watched/42']}>
        <Routes>
          <Route path="/crm/customer/watched/:id?" element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ page: 1, rows: 10, key: '', id: '42' });
    act(() => navigate('/crm/customer/watched/7'));
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ page: 1, rows: 10, key: '', id: '7' });
  });
});
