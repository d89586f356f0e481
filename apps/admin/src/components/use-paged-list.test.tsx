import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { QUERY_PATHS } from '@/lib/query-paths';
import { mockApi } from '../../test/mock-api';
import { usePagedList } from './use-paged-list';

function renderPagedList(initialStatus: 'new' | 'read' | undefined) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
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

  it('starts again from page 1 when a filter changes, keeping the page size', async () => {
    const { calls } = mockApi({
      'GET /api/admin/contacts': { body: { items: [], total: 45, page: 1, pageSize: 50 } },
    });
    const { result, rerender } = renderPagedList('new');
    act(() => result.current.paging.onPaginationChange({ pageIndex: 2, pageSize: 50 }));
    await waitFor(() => expect(result.current.paging.pagination.pageIndex).toBe(2));

    rerender({ status: 'read' });
    expect(result.current.paging.pagination).toEqual({ pageIndex: 0, pageSize: 50 });
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe('/api/admin/contacts?page=1&pageSize=50&status=read'),
    );
    // The filter's first render already asked for page 1: no request for page 3 of 'read'.
    expect(calls.some((call) => call.path.includes('page=3&pageSize=50&status=read'))).toBe(false);
  });
});
