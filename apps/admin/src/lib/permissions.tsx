import type { Permission } from '@repo/validation';
import type { ReactNode } from 'react';
import { useSession } from '@/features/auth/session-context';

const NONE: readonly Permission[] = [];

/**
 * What the signed-in member of staff may do (issue 19): their role's permissions,
 * as `GET /api/user` names them. None while signed out. The console only hides
 * what a role cannot do; the API refuses it whatever the console shows.
 */
export function usePermissions(): readonly Permission[] {
  const { user } = useSession();
  return user?.permissions ?? NONE;
}

/** True when the signed-in role holds `permission`. */
export function useCan(permission: Permission): boolean {
  return usePermissions().includes(permission);
}

/** Its children only when the signed-in role holds `permission` (a button, a dialog, a column's action). */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(permission) ? children : fallback;
}
