import { apiRoutes, type WebhookEndpoint } from '@repo/api-client';
import { WEBHOOK_MESSAGES } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { INTEGRATION_TOASTS } from './integration-texts';
import type { ShownSecret } from './secret-dialog';

/**
 * What can be done to an endpoint once it exists: send a test event, enable or
 * disable it, rotate its secret (the new one handed to `onSecret`, shown once),
 * delete it. Each refreshes the list, and the test its delivery log.
 */
export function useEndpointActions({ onSecret }: { onSecret: (shown: ShownSecret) => void }) {
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.webhooks] });

  const sendTest = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.admin.webhooks.sendTest(endpoint.id),
    onSuccess: (_answer, endpoint) => {
      notifySuccess(WEBHOOK_MESSAGES.testSent, 'It appears in the endpoint’s delivery log.');
      void queryClient.invalidateQueries({
        queryKey: [apiRoutes.admin.webhooks.deliveries(endpoint.id)],
      });
      void refreshList();
    },
    onError: (error) => notifyFailure(INTEGRATION_TOASTS.testFailed, error),
  });

  const setEnabled = useMutation({
    mutationFn: ({ endpoint, enabled }: { endpoint: WebhookEndpoint; enabled: boolean }) =>
      api.admin.webhooks.update(endpoint.id, { enabled }),
    onSuccess: (updated) => {
      notifySuccess(
        updated.enabled ? INTEGRATION_TOASTS.endpointEnabled : INTEGRATION_TOASTS.endpointDisabled,
        updated.url,
      );
      void refreshList();
    },
    onError: (error) => notifyFailure(TOAST.updateFailed, error),
  });

  const rotateSecret = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.admin.webhooks.rotateSecret(endpoint.id),
    onSuccess: (rotated) => {
      notifySuccess(WEBHOOK_MESSAGES.secretRotated);
      onSecret({ reason: 'rotated', url: rotated.url, secret: rotated.secret });
      void refreshList();
    },
    onError: (error) => notifyFailure(INTEGRATION_TOASTS.rotateFailed, error),
  });

  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.admin.webhooks.remove(endpoint.id),
    onSuccess: (_answer, endpoint) => {
      notifySuccess(WEBHOOK_MESSAGES.deleted, endpoint.url);
      void refreshList();
    },
    onError: (error) => notifyFailure(TOAST.deleteFailed, error),
  });

  return { sendTest, setEnabled, rotateSecret, remove };
}
