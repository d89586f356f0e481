import type { Role, StaffAccount } from '@repo/api-client';
import { BUILT_IN_ROLES, type BuiltInRoleKey } from '@repo/validation';

/** A colleague in the Staff tab's list: grace, an active Admin with two sessions. */
export function staffAccount(overrides: Partial<StaffAccount> = {}): StaffAccount {
  return {
    id: 'u2',
    username: 'grace',
    email: 'grace@wordloom.test',
    name: 'Grace Hopper',
    status: 'active',
    createdAt: '2026-11-01T10:00:00.000Z',
    emailVerifiedAt: '2026-11-01T10:05:00.000Z',
    disabledAt: null,
    activeSessions: 2,
    role: { id: 'role-admin', key: 'admin', name: 'Admin' },
    ...overrides,
  };
}

/** A built-in role as GET /api/admin/roles lists it, held by `accounts` accounts (issue 19). */
export function builtInRole(key: BuiltInRoleKey, accounts = 1): Role {
  return {
    id: `role-${key}`,
    key,
    name: BUILT_IN_ROLES[key].name,
    description: BUILT_IN_ROLES[key].description,
    permissions: [...BUILT_IN_ROLES[key].permissions],
    builtIn: true,
    accounts,
  };
}
