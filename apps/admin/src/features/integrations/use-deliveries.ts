import { apiRoutes, pathWithParams, type WebhookDeliveryList } from '@repo/api-client';
import type { WebhookDeliveryState } from '@repo/validation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '@/lib/api';

/** While a delivery is pending, the log looks again this often for its outcome. */
const PENDING_REFRESH_MS = 5_000;

/**
 * An endpoint's delivery log, newest first, 50 a page: "Load older" fetches the
 * next page with the cursor the last one gave. Keyed by the deliveries' path, so a
 * test event or a resend refreshes every filter of it at once.
 */
export function useDeliveries(endpointId: string, state: WebhookDeliveryState | undefined) {
  const path = apiRoutes.admin.webhooks.deliveries(endpointId);
  return useInfiniteQuery({
    queryKey: [path, { state }],
    queryFn: ({ pageParam }) =>
      http.get<WebhookDeliveryList>(pathWithParams(path, { state, before: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.state === 'pending'))
        ? PENDING_REFRESH_MS
        : false,
  });
}
