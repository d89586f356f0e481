import { z } from 'zod';

/**
 * Beta seats (issue 11): an invitation holds a seat until it is accepted or
 * lapses; the cap counts active participants and unexpired invitations.
 */
export const PARTICIPANT_STATES = ['invited', 'active', 'inactive'] as const;
export type ParticipantState = (typeof PARTICIPANT_STATES)[number];

/** The console lists the invitations that lapse within this many hours. */
export const INVITATION_EXPIRY_WARNING_HOURS = 48;

export const INVITATION_LINK_MESSAGE = 'This invitation link is invalid or incomplete';

/** POST /api/beta/invitations/accept: the token of the invitation email's link. */
export const invitationAcceptSchema = z.object({
  token: z
    .string({ error: INVITATION_LINK_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: INVITATION_LINK_MESSAGE }),
});

/** PUT /api/admin/settings/auto-fill */
export const autoFillSettingUpdateSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
