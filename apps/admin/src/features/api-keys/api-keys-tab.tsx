import { type ApiKey, apiRoutes } from '@repo/api-client';
import { Button, Card, CardContent, TooltipProvider } from '@repo/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { useSortedTable } from '@/components/use-sorted-table';
import { SectionHeader } from '@/components/section-header';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { apiKeyColumns } from './api-key-columns';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/**
 * The API's reference page over the admin document (a signed-in session: the console's
 * cookie), reached through the console's /api proxy.
 */
const API_REFERENCE_PATH = apiRoutes.adminDocs;

export function ApiKeysTab() {
  const queryClient = useQueryClient();
  const keys = useApiQuery(QUERY_PATHS.apiKeys);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => api.admin.apiKeys.revoke(key.id),
    onSuccess: (_data, key) => {
      notifySuccess(TOAST.apiKeyRevoked, `“${key.name}” can no longer be used.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.apiKeys] });
    },
    onError: (error) => notifyFailure(TOAST.revocationFailed, error),
  });

  const columns = useMemo(() => apiKeyColumns(setRevoking), []);
  const table = useSortedTable(keys.data?.apiKeys, columns, { id: 'createdAt', desc: true });

  return (
    <Card>
      <SectionHeader
        title="API keys"
        description={
          <>
            Keys for integrations. The full key is shown once, when it is created. How to call the
            admin API with a key, and every route:{' '}
            <a
              href={API_REFERENCE_PATH}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-foreground underline underline-offset-4"
            >
              API reference
            </a>
            .
          </>
        }
        actions={<Button onClick={() => setCreating(true)}>Create API key</Button>}
      />
      <CardContent>
        <TooltipProvider delayDuration={200}>
          <DataTable
            table={table}
            caption="API keys"
            isLoading={keys.isPending}
            error={keys.error}
            onRetry={() => void keys.refetch()}
            emptyMessage="No API keys yet."
            skeletonRows={3}
          />
        </TooltipProvider>
      </CardContent>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <RevokeApiKeyDialog
        apiKey={revoking}
        onCancel={() => setRevoking(null)}
        onConfirm={(key) => {
          setRevoking(null);
          revoke.mutate(key);
        }}
      />
    </Card>
  );
}
