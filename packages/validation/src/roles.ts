import { z } from './zod-config';

/*
 * Least privilege (issue 19): a role is a set of named permissions, and every admin
 * route declares the one it needs. This is the one list: the API's route
 * declarations, the role matrix test, the console's tabs and buttons and the API
 * key scopes all come from it.
 */
export const PERMISSIONS = [
  'waitlist:read',
  'waitlist:write',
  'waitlist:export',
  'beta:read',
  'beta:approve',
  'invite_codes:read',
  'invite_codes:manage',
  'contacts:read',
  'contacts:reply',
  'contacts:delete',
  'contacts:export',
  'feedback:read',
  'feedback:delete',
  'feedback:export',
  'email:read',
  'email:send',
  'email:suppressions',
  'analytics:read',
  'people:read',
  'people:erase',
  'audit:read',
  'posts:read',
  'posts:write',
  'posts:publish',
  'keys:manage',
  'staff:manage',
  'webhooks:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission allows, as the console shows it. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'waitlist:read': 'Read the waitlist',
  'waitlist:write':
    'Delete waitlist entries, resend confirmations, import a CSV file (and undo it)',
  'waitlist:export': 'Export the waitlist (CSV)',
  'beta:read': 'Read beta participants and seats',
  'beta:approve': 'Approve, invite, activate and deactivate beta participants',
  'invite_codes:read': 'Read invite codes and their redemptions',
  'invite_codes:manage': 'Create, disable and enable invite codes',
  'contacts:read': 'Read contact messages',
  'contacts:reply': 'Mark contact messages read or replied',
  'contacts:delete': 'Delete contact messages',
  'contacts:export': 'Export contact messages (CSV)',
  'feedback:read': 'Read beta feedback and survey insight',
  'feedback:delete': 'Delete feedback responses',
  'feedback:export': 'Export feedback (CSV)',
  'email:read': 'Read email templates, the outbox and bulk-send results',
  'email:send': 'Send test and bulk email, retry messages',
  'email:suppressions': 'Manage the suppression list',
  'analytics:read': 'Read the analytics dashboards',
  'people:read': "Read a person's timeline",
  'people:erase': 'Erase a person (right to erasure)',
  'audit:read': 'Read the audit log',
  'posts:read': 'Read blog posts, drafts and their revisions',
  'posts:write': 'Write, edit, delete and restore blog posts (not publish them)',
  'posts:publish': 'Publish, schedule and unpublish blog posts',
  'keys:manage': 'Create and revoke API keys',
  'staff:manage': 'Manage staff accounts, roles and two-factor settings',
  'webhooks:manage':
    'Manage webhook endpoints, Slack and Zapier integrations, and their delivery log',
};

/** A route that any signed-in staff member (or key) may call, whatever the role (e.g. its own browser's analytics opt-out). */
export const SIGNED_IN = 'signed-in' as const;
export type RoutePermission = Permission | typeof SIGNED_IN;

/** No API key may hold these, whatever its creator has: a key must not entrench itself or mint people. */
export const SESSION_ONLY_PERMISSIONS = [
  'keys:manage',
  'staff:manage',
] as const satisfies readonly Permission[];
export const API_KEY_PERMISSIONS = PERMISSIONS.filter(
  (permission) => !(SESSION_ONLY_PERMISSIONS as readonly Permission[]).includes(permission),
);

const allBut = (...excluded: Permission[]) => PERMISSIONS.filter((p) => !excluded.includes(p));

/** The keys of the built-in roles. */
export const ROLE_KEYS = ['owner', 'admin', 'support', 'viewer'] as const;
export type BuiltInRoleKey = (typeof ROLE_KEYS)[number];

/** The built-in roles. Owner has everything; at least one active Owner always exists. */
export const BUILT_IN_ROLES = {
  owner: {
    name: 'Owner',
    description: 'Everything, including staff accounts, roles and API keys.',
    permissions: [...PERMISSIONS],
  },
  admin: {
    name: 'Admin',
    description: 'Runs the beta: everything but staff accounts and API keys.',
    permissions: allBut('staff:manage', 'keys:manage'),
  },
  support: {
    name: 'Support',
    description:
      'Answers contact messages; reads the waitlist and the beta; writes blog posts but does not publish them. No export, no bulk send, no erasure.',
    permissions: [
      'waitlist:read',
      'beta:read',
      'invite_codes:read',
      'contacts:read',
      'contacts:reply',
      'feedback:read',
      'people:read',
      'posts:read',
      'posts:write',
    ],
  },
  viewer: {
    name: 'Viewer',
    description: 'Reads the dashboards and lists; changes nothing and exports nothing.',
    permissions: [
      'waitlist:read',
      'beta:read',
      'invite_codes:read',
      'contacts:read',
      'feedback:read',
      'analytics:read',
      'posts:read',
    ],
  },
} as const satisfies Record<
  BuiltInRoleKey,
  { name: string; description: string; permissions: readonly Permission[] }
>;
export const BUILT_IN_ROLE_KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRoleKey[];

export const ROLE_MESSAGES = {
  nameRequired: 'Please give the role a name',
  nameTaken: 'A role with that name already exists',
  permissionsRequired: 'Choose at least one permission',
  unknownPermission: 'Unknown permission',
  builtInReadOnly: 'Built-in roles cannot be changed or deleted',
  roleInUse: 'This role is still given to staff accounts: give them another role first',
  lastOwner: 'At least one active Owner must remain',
  roleNotFound: 'Role not found',
  cannotGrant: (permission: string) =>
    `You cannot grant a permission your own role does not have: ${permission}.`,
  cannotActOn: (permission: string) =>
    `You cannot act on an account (or a role) holding a permission your own role does not have: ${permission}.`,
  ownersOnlyTwoFactorReset: "Only an Owner can reset an Owner's two-factor sign-in.",
  ownersOnlyPolicy: 'Only an Owner can see or change the two-factor policy.',
} as const;

/**
 * The permissions an account holding `actor` lacks to act on an account of the
 * role `target` (change its role, disable, enable or delete it, end its sessions,
 * reset its second factor), giving it the role `given` if any (issue 31): it must
 * hold every permission of both, so nobody acts on someone who can do more.
 */
export function permissionsMissingToActOn(
  actor: Iterable<Permission>,
  target: readonly Permission[],
  given: readonly Permission[] = [],
): Permission[] {
  const held = new Set(actor);
  return [...new Set([...target, ...given])].filter((p) => !held.has(p));
}

/** Whether `actor` may act on an account of the role `target`, giving it `given` (see above). */
export function canActOn(
  actor: Iterable<Permission>,
  target: readonly Permission[],
  given: readonly Permission[] = [],
): boolean {
  return permissionsMissingToActOn(actor, target, given).length === 0;
}

/** `403` answer of a route the caller's role or key lacks, naming what is missing. */
export const missingPermissionMessage = (permission: Permission) =>
  `You do not have the permission this needs: ${permission} (${PERMISSION_LABELS[permission]}).`;

export const permissionSchema = z.enum(PERMISSIONS, { error: ROLE_MESSAGES.unknownPermission });

const permissionList = z
  .array(permissionSchema)
  .min(1, { error: ROLE_MESSAGES.permissionsRequired })
  .max(PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

/** POST /api/admin/roles and PATCH /api/admin/roles/:id (staff:manage, a session). */
export const roleInputSchema = z.object({
  name: z
    .string({ error: ROLE_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: ROLE_MESSAGES.nameRequired })
    .max(60),
  description: z.string().trim().max(300).default(''),
  permissions: permissionList,
});
export type RoleRequest = z.input<typeof roleInputSchema>;

/** PUT /api/admin/accounts/:id/role (staff:manage, a session). */
export const accountRoleSchema = z.object({ roleId: z.string().min(1).max(100) });
/** PUT /api/admin/accounts/:id/role */
export type RoleAssignment = z.input<typeof accountRoleSchema>;

/** A role as GET /api/admin/roles lists it; a built-in role's permissions are the code's. */
export const roleSchema = z.object({
  id: z.string(),
  key: z.enum(ROLE_KEYS).nullable(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(permissionSchema),
  builtIn: z.boolean(),
  /** Staff accounts holding the role. */
  accounts: z.number().int(),
});
/** GET /api/admin/roles: the roles, and every permission with its label (the console's checkboxes). */
export const roleListSchema = z.object({
  roles: z.array(roleSchema),
  permissions: z.array(z.object({ id: permissionSchema, label: z.string() })),
});
export type Role = z.output<typeof roleSchema>;
export type RoleList = z.output<typeof roleListSchema>;
/** POST /api/admin/roles (201) and PATCH /api/admin/roles/:id. */
export const roleResponseSchema = z.object({ role: roleSchema });
export type RoleResponse = z.output<typeof roleResponseSchema>;

/** An account's role as GET /api/user and the staff list show it. */
export const roleRefSchema = z.object({
  id: z.string(),
  key: z.enum(ROLE_KEYS).nullable(),
  name: z.string(),
});
