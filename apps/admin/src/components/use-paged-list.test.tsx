import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { QUERY_PATHS } from '@/lib/query-paths';
import { mockApi } from '../../test/mock-api';
import { usePagedList } from './use-paged-list';

function renderPagedList(initialStatus: 'new' | 'read' | undefined, route = '/admin/contacts') {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const rendered = renderHook(
    ({ status }) => usePagedList(QUERY_PATHS.contacts, { status }, { pageSize: 20 }),
    { wrapper, initialProps: { status: initialStatus } },
  );
  return { ...rendered, queryClient };
}

describe('usePagedList', () => {
  it('asks for the page the controls choose, keyed [path, { page, pageSize, ...filters }]', async () => {
    const { calls } = mockApi({
      'GET /api/admin/contacts': { body: { items: [], total: 45, page: 1, pageSize: 20 } },
    });
    const { result, queryClient } = renderPagedList('new');
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));

    act(() => result.current.paging.onPaginationChange({ pageIndex: 1, pageSize: 20 }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.path)).toEqual([
      '/api/admin/contacts?page=1&pageSize=20&status=new',
      '/api/admin/contacts?page=2&pageSize=20&status=new',
    ]);
    expect(
      queryClient.getQueryData([QUERY_PATHS.contacts, { page: 2, pageSize: 20, status: 'new' }]),
    ).toMatchObject({ total: 45 });
  });

  it('opens at the page and page size of the address (issue 20)', async () => {
    const { calls } = mockApi({
      'GET /api/admin/contacts': { body: { items: [], total: 145, page: 3, pageSize: 50 } },
    });
    const { result } = renderPagedList('read', '/admin/contacts?page=3&pageSize=50');
    expect(result.current.paging.pagination).toEqual({ pageIndex: 2, pageSize: 50 });
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));
    expect(calls.map((call) => call.path)).toEqual([
      '/api/admin/contacts?page=3&pageSize=50&status=read',
    ]);
  });
});
