import {
  apiRoutes,
  type OutboxMessageDetail,
  type ReferralChain,
  type StaffSessionList,
  type WaitlistPage,
} from '@repo/api-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { createQueryClient } from './query-client';
import { QUERY_PATHS } from './query-paths';
import { useApiQuery } from './use-api-query';

function renderQuery<T>(useRead: () => T) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(useRead, { wrapper }), queryClient };
}

const page: WaitlistPage = { items: [], total: 0, page: 2, pageSize: 20 };

describe('useApiQuery', () => {
  it('keys a read by its path and params and fetches them as the query string', async () => {
    const { calls } = mockApi({ 'GET /api/admin/waitlist': { body: page } });
    const params = { page: 2, pageSize: 20, search: '' };
    const { result, queryClient } = renderQuery(() => useApiQuery(QUERY_PATHS.waitlist, params));

    await waitFor(() => expect(result.current.data).toEqual(page));
    expect(calls.map((call) => call.path)).toEqual(['/api/admin/waitlist?page=2&pageSize=20']);
    expect(queryClient.getQueryData([QUERY_PATHS.waitlist, params])).toEqual(page);
  });

  it('keys a read without params by its path alone', async () => {
    mockApi({ 'GET /api/admin/api-keys': { body: { keys: [] } } });
    const { result, queryClient } = renderQuery(() => useApiQuery(QUERY_PATHS.apiKeys));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([[QUERY_PATHS.apiKeys]]);
  });

  it("types the data by the path, a select's result by the select, and refuses unknown paths", () => {
    // Type-level only: tsc checks these (typecheck); the hook below is never called.
    const useTypedReads = () => {
      expectTypeOf(useApiQuery(QUERY_PATHS.waitlist).data).toEqualTypeOf<
        WaitlistPage | undefined
      >();
      expectTypeOf(useApiQuery(apiRoutes.admin.waitlist.referrals('e1')).data).toEqualTypeOf<
        ReferralChain | undefined
      >();
      expectTypeOf(useApiQuery(apiRoutes.admin.accounts.sessions('u1')).data).toEqualTypeOf<
        StaffSessionList | undefined
      >();
      expectTypeOf(useApiQuery(apiRoutes.admin.email.outboxMessage('m1')).data).toEqualTypeOf<
        OutboxMessageDetail | undefined
      >();
      expectTypeOf(
        useApiQuery(QUERY_PATHS.waitlist, undefined, { select: (data) => data.total }).data,
      ).toEqualTypeOf<number | undefined>();

      // @ts-expect-error: a path the API does not answer
      useApiQuery('/api/admin/nothing-here');
      // @ts-expect-error: an HTML preview is not read as JSON
      useApiQuery(apiRoutes.admin.email.templatePreview('beta-invitation'));
      // @ts-expect-error: the waitlist's query string has no such field
      useApiQuery(QUERY_PATHS.waitlist, { colour: 'red' });
      // @ts-expect-error: the API keys take no query string
      useApiQuery(QUERY_PATHS.apiKeys, { page: 1 });
    };
    expect(useTypedReads).toBeTypeOf('function');
  });
});
