import { apiRoutes, type InviteCode } from '@repo/api-client';
import { Badge } from '@repo/ui';
import { DetailsDialog } from '@/components/details-dialog';
import { formatDate } from '@/lib/format';
import { useApiQuery } from '@/lib/use-api-query';

/** Issue 11: who redeemed a code, and whether it gave them a seat or the front of the queue. */
export function RedemptionsDialog({
  code,
  onClose,
}: {
  code: InviteCode | null;
  onClose: () => void;
}) {
  const redemptions = useApiQuery(
    apiRoutes.admin.inviteCodes.redemptions(code?.id ?? ''),
    undefined,
    {
      enabled: code !== null,
    },
  );
  return (
    <DetailsDialog
      open={code !== null}
      onClose={onClose}
      title="Redemptions"
      description={code ? `${code.code}: used ${code.redemptions} of ${code.maxRedemptions}` : ''}
      query={redemptions}
    >
      {({ items }) =>
        items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody has used this code yet.</p>
        ) : (
          <ul className="divide-y text-sm">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{item.name ?? 'Erased'}</span>{' '}
                  <span className="text-muted-foreground">{item.email ?? ''}</span>
                </span>
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  {formatDate(item.createdAt)}
                  <Badge variant={item.outcome === 'approved' ? 'success' : 'secondary'}>
                    {item.outcome === 'approved' ? 'Invited' : 'Front of queue'}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </DetailsDialog>
  );
}
