import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useUrlFilter, useUrlPagination, useUrlSearch, useUrlSorting } from './use-url-list-state';

const STATUSES = [{ value: 'all' }, { value: 'new' }, { value: 'read' }] as const;

/** The hooks of one list, with the address and the history's back step beside them. */
function renderList(route: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/admin/elsewhere', route]} initialIndex={1}>
      {children}
    </MemoryRouter>
  );
  return renderHook(
    () => {
      const location = useLocation();
      const navigate = useNavigate();
      return {
        address: `${location.pathname}${location.search}`,
        back: () => navigate(-1),
        status: useUrlFilter('status', STATUSES, 'all'),
        search: useUrlSearch('search', 20),
        sorting: useUrlSorting(['createdAt', 'email'], { id: 'createdAt', desc: true }),
        pagination: useUrlPagination(20),
      };
    },
    { wrapper },
  );
}

describe('a list in the address', () => {
  it('reads filter, search, sort and page from the address', () => {
    const { result } = renderList(
      '/admin/list?status=read&search=ada&sort=email&order=asc&page=3&pageSize=50',
    );
    expect(result.current.status[0]).toBe('read');
    expect(result.current.search.text).toBe('ada');
    expect(result.current.search.search).toBe('ada');
    expect(result.current.sorting[0]).toEqual([{ id: 'email', desc: false }]);
    expect(result.current.pagination[0]).toEqual({ pageIndex: 2, pageSize: 50 });
  });

  it('reads what it does not know as the defaults', () => {
    const { result } = renderList(
      '/admin/list?status=bogus&sort=password&order=asc&page=-2&pageSize=7',
    );
    expect(result.current.status[0]).toBe('all');
    expect(result.current.sorting[0]).toEqual([{ id: 'createdAt', desc: true }]);
    expect(result.current.pagination[0]).toEqual({ pageIndex: 0, pageSize: 20 });
  });

  it('starts again from page 1 when a filter changes, keeps the page size, and leaves defaults out', () => {
    const { result } = renderList('/admin/list?page=3&pageSize=50');
    act(() => result.current.status[1]('new'));
    expect(result.current.address).toBe('/admin/list?pageSize=50&status=new');
    act(() => result.current.pagination[1]({ pageIndex: 1, pageSize: 50 }));
    expect(result.current.address).toBe('/admin/list?pageSize=50&status=new&page=2');
    act(() => result.current.status[1]('all'));
    expect(result.current.address).toBe('/admin/list?pageSize=50');
  });

  it('puts a sort in the address, and takes it out when it is the default again', () => {
    const { result } = renderList('/admin/list');
    act(() => result.current.sorting[1]([{ id: 'email', desc: true }]));
    expect(result.current.address).toBe('/admin/list?sort=email&order=desc');
    act(() => result.current.sorting[1]([{ id: 'createdAt', desc: true }]));
    expect(result.current.address).toBe('/admin/list');
  });

  it('makes each change a step back returns from', () => {
    const { result } = renderList('/admin/list');
    act(() => result.current.status[1]('new'));
    act(() => result.current.pagination[1]({ pageIndex: 1, pageSize: 20 }));
    act(() => result.current.back());
    expect(result.current.address).toBe('/admin/list?status=new');
    act(() => result.current.back());
    expect(result.current.address).toBe('/admin/list');
    act(() => result.current.back());
    expect(result.current.address).toBe('/admin/elsewhere');
  });

  it('takes a search once typing pauses: one step for a burst of typing, however it is refined', async () => {
    const { result } = renderList('/admin/list?page=2');
    for (const text of ['A', 'Ad', 'Ada']) act(() => result.current.search.onTextChange(text));
    // The box shows every keystroke; the address only the pause.
    expect(result.current.search.text).toBe('Ada');
    expect(result.current.address).toBe('/admin/list?page=2');
    await waitFor(() => expect(result.current.address).toBe('/admin/list?search=Ada'));
    act(() => result.current.search.onTextChange('Ada L '));
    await waitFor(() => expect(result.current.address).toBe('/admin/list?search=Ada+L'));
    expect(result.current.search.text).toBe('Ada L ');

    // Refining replaced the step: back leaves the search, and the box follows.
    act(() => result.current.back());
    expect(result.current.address).toBe('/admin/list?page=2');
    expect(result.current.search.text).toBe('');
  });
});
