import type { AccountStatus } from '@repo/api-client';
import { Badge } from '@repo/ui';

const LABELS: Record<AccountStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  disabled: 'Disabled',
};

/** Pending: the emailed link was not opened yet; disabled: cannot sign in. */
export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  if (status === 'active') return <Badge variant="success">{LABELS.active}</Badge>;
  if (status === 'disabled') return <Badge variant="destructive">{LABELS.disabled}</Badge>;
  return <Badge variant="outline">{LABELS[status] ?? status}</Badge>;
}
