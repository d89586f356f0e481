import type { StaffAccount } from '@repo/api-client';
import { canActOn, type Permission } from '@repo/validation';
import { useCallback } from 'react';
import { useSession } from '@/features/auth/session-context';
import { useRoles } from '@/features/roles/use-roles';
import { usePermissions } from '@/lib/permissions';

/**
 * What the signed-in account may do to others (issue 31), by the API's own rule
 * (`canActOn`): act on an account, or an invitation, only when its role holds
 * nothing the signed-in role lacks; an Owner's second factor and the two-factor
 * policy are the Owners'. While the roles are loading, nothing is offered.
 */
export function useActingOn() {
  const { user } = useSession();
  const held = usePermissions();
  const roles = useRoles();
  const permissionsOf = useCallback(
    (roleId: string): readonly Permission[] | undefined =>
      roles.data?.roles.find((role) => role.id === roleId)?.permissions,
    [roles.data],
  );
  const isOwner = user?.role.key === 'owner';
  const mayActOnRole = useCallback(
    (roleId: string) => {
      const permissions = permissionsOf(roleId);
      return permissions !== undefined && canActOn(held, permissions);
    },
    [held, permissionsOf],
  );
  const mayResetTwoFactor = useCallback(
    (account: StaffAccount) =>
      mayActOnRole(account.role.id) && (account.role.key !== 'owner' || isOwner),
    [isOwner, mayActOnRole],
  );
  return { isOwner, mayActOnRole, mayResetTwoFactor };
}
