import { z } from './zod-config';
import { isoTimestamp } from './common';
import { LIMITS, maxLengthMessage } from './fields';
import { PERMISSIONS, permissionSchema } from './roles';

// API keys (spec sections 3, 5 and 9).
export const API_KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type ApiKeyEnvironment = (typeof API_KEY_ENVIRONMENTS)[number];

/** The longest a key may live, in days (issue 19: at most a year). */
const API_KEY_MAX_EXPIRY_DAYS = 365;

export const API_KEY_MESSAGES = {
  nameRequiredTitle: 'Name required',
  nameRequired: 'Please provide a name for the API key',
  environment: 'Environment must be live or test',
  permissionsRequired: 'Choose at least one permission for the key',
  sessionOnly: (permission: string) =>
    `An API key cannot hold ${permission}: only a signed-in staff member can manage keys and staff.`,
  notHeld: (permission: string) =>
    `You cannot give a key a permission your role does not have: ${permission}.`,
  expiresInDays: `Expiry must be a whole number of days from 1 to ${API_KEY_MAX_EXPIRY_DAYS}, or null for never`,
  revoked: 'This API key has been revoked.',
  expired: (at: Date) => `This API key expired on ${at.toISOString()}.`,
  creatorDisabled: 'The account that created this API key is no longer active.',
} as const;

/** A new key's lifetime unless its creator chooses another (or none). */
export const API_KEY_DEFAULT_EXPIRY_DAYS = 90;

export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(LIMITS.shortTextMax, { error: maxLengthMessage(LIMITS.shortTextMax, 'Name') }),
  environment: z
    .enum(API_KEY_ENVIRONMENTS, { error: API_KEY_MESSAGES.environment })
    .default('live'),
  /**
   * What the key may do (issue 19): each in API_KEY_PERMISSIONS and held by its
   * creator's role (checked by the API, which names the permission refused).
   */
  permissions: z
    .array(permissionSchema, { error: API_KEY_MESSAGES.permissionsRequired })
    .min(1, { error: API_KEY_MESSAGES.permissionsRequired })
    .max(PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
  /** Days until the key stops working; null: never. */
  expiresInDays: z
    .number({ error: API_KEY_MESSAGES.expiresInDays })
    .int({ error: API_KEY_MESSAGES.expiresInDays })
    .min(1, { error: API_KEY_MESSAGES.expiresInDays })
    .max(API_KEY_MAX_EXPIRY_DAYS, { error: API_KEY_MESSAGES.expiresInDays })
    .nullable()
    .default(API_KEY_DEFAULT_EXPIRY_DAYS),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateSchema>;

/** How a key is shown in lists: first 12 characters, 20 asterisks, last 4 (spec section 9). */
export function maskApiKey(formattedKey: string): string {
  return `${formattedKey.slice(0, 12)}${'*'.repeat(20)}${formattedKey.slice(-4)}`;
}

// A key as the API shows it: never the secret nor its hash, but once, at creation.
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: z.enum(API_KEY_ENVIRONMENTS),
  keyId: z.string(),
  maskedKey: z.string().meta({ description: 'First 12 characters, 20 asterisks, last 4' }),
  lastUsed: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
  isActive: z.boolean(),
  /** What the key may do (issue 19); its creator's current role caps it further. */
  permissions: z.array(permissionSchema),
  /** Null: never expires. */
  expiresAt: isoTimestamp.nullable(),
  lastUsedIp: z.string().nullable(),
  /** The staff account that made it; null for keys made before issue 19. */
  createdBy: z.object({ id: z.string(), username: z.string(), name: z.string() }).nullable(),
});
export type ApiKey = z.output<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeyList = z.output<typeof apiKeyListSchema>;
export const createdApiKeySchema = z
  .object({
    apiKey: apiKeySchema,
    keyId: z.string(),
    formattedKey: z.string().meta({ description: 'The full key: shown this once, never again' }),
  })
  .meta({
    examples: [
      {
        apiKey: {
          id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
          name: 'Nightly export',
          environment: 'live',
          keyId: '3f9c0a1b2c3d4e5f',
          maskedKey: 'wl_live_3f9c********************Q2w8',
          lastUsed: null,
          createdAt: '2025-10-01T09:30:00.000Z',
          isActive: true,
          permissions: ['waitlist:read', 'waitlist:export'],
          expiresAt: '2025-12-30T09:30:00.000Z',
          lastUsedIp: null,
          createdBy: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', username: 'ada', name: 'Ada' },
        },
        keyId: '3f9c0a1b2c3d4e5f',
        formattedKey: 'wl_live_3f9c0a1b2c3d4e5f_Zx8pW2vN5qR7tY1uI3oP6aS9dF4gH0jK2lQ5mB7Q2w8',
      },
    ],
  });
/** POST /api/admin/api-keys: the only time the full key is returned. */
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;
export const revokedApiKeySchema = z.object({ apiKey: apiKeySchema });
export type RevokedApiKey = z.output<typeof revokedApiKeySchema>;
