import { z } from 'zod';
import { emailAddress } from './fields';

// API keys (spec sections 3, 5 and 9).
export const API_KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type ApiKeyEnvironment = (typeof API_KEY_ENVIRONMENTS)[number];

export const API_KEY_MESSAGES = {
  nameRequiredTitle: 'Name required',
  nameRequired: 'Please provide a name for the API key',
  environment: 'Environment must be live or test',
} as const;

export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(100, { error: 'Name must be at most 100 characters' }),
  environment: z
    .enum(API_KEY_ENVIRONMENTS, { error: API_KEY_MESSAGES.environment })
    .default('live'),
});

/** How a key is shown in lists: first 12 characters, 20 asterisks, last 4 (spec section 9). */
export function maskApiKey(formattedKey: string): string {
  return `${formattedKey.slice(0, 12)}${'*'.repeat(20)}${formattedKey.slice(-4)}`;
}

// Beta participants (spec section 4): active <-> inactive.
export const PARTICIPANT_STATUSES = ['active', 'inactive'] as const;
export const participantStatusUpdateSchema = z.object({
  status: z.enum(PARTICIPANT_STATUSES, { error: 'Status must be active or inactive' }),
});

export const BETA_CAP = 100;

// E-mail sending (spec section 5).
export const EMAIL_MESSAGES = {
  selectionRequiredTitle: 'Selection required',
  selectionRequired: 'Please select an email template and at least one recipient',
  testEmailRequired: 'An email address and a template are required',
} as const;

export const testEmailSchema = z.object({
  templateType: z
    .string({ error: EMAIL_MESSAGES.testEmailRequired })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.testEmailRequired })
    .max(100),
  email: emailAddress('Please enter a valid email address'),
  testData: z.record(z.string(), z.string().max(1000)).optional(),
});

export const bulkEmailSchema = z.object({
  templateId: z
    .string({ error: EMAIL_MESSAGES.selectionRequired })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.selectionRequired })
    .max(100),
  recipientIds: z
    .array(z.string().min(1).max(100), { error: EMAIL_MESSAGES.selectionRequired })
    .min(1, { error: EMAIL_MESSAGES.selectionRequired })
    .max(10_000, { error: 'At most 10000 recipients per send' }),
});
