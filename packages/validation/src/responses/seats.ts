import { z } from 'zod';
import { isoTimestamp } from './common';

/** An invitation that lapses soon, unless accepted (GET /api/admin/beta/participants). */
const expiringInvitationSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  invitationExpiresAt: isoTimestamp,
});

/**
 * Seats held = active participants + invitations not yet expired (issue 11);
 * inactive participants hold none.
 */
export const seatFiguresSchema = z.object({
  held: z.number().int(),
  free: z.number().int(),
  cap: z.number().int(),
  expiringSoon: z
    .array(expiringInvitationSchema)
    .meta({ description: 'Invitations that lapse within 48 hours, soonest first' }),
});

/** POST /api/beta/invitations/accept (200) */
export const invitationAcceptedSchema = z.object({
  message: z.string(),
  firstName: z.string(),
});

/** GET and PUT /api/admin/settings/auto-fill */
export const autoFillSettingSchema = z.object({
  enabled: z.boolean(),
  updatedAt: isoTimestamp.nullable(),
  /** PUT only: the people invited at once because the switch was turned on while seats were free. */
  invited: z.number().int().optional(),
});
