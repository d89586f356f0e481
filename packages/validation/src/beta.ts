import { z } from './zod-config';
import { isoTimestamp } from './common';

/*
 * The closed beta (spec section 4, issue 11): participants, their invitations,
 * the seats they hold and the auto-fill switch. The cap itself is in beta-cap.ts.
 * An invitation holds a seat until it is accepted or lapses; the cap counts
 * active participants and unexpired invitations.
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
export type InvitationAcceptRequest = z.input<typeof invitationAcceptSchema>;

/** POST /api/beta/invitations/accept (200) */
export const invitationAcceptedSchema = z.object({
  message: z.string(),
  firstName: z.string(),
});
export type InvitationAccepted = z.output<typeof invitationAcceptedSchema>;

/** PUT /api/admin/settings/auto-fill */
export const autoFillSettingUpdateSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type AutoFillSettingUpdate = z.input<typeof autoFillSettingUpdateSchema>;

/** GET and PUT /api/admin/settings/auto-fill */
export const autoFillSettingSchema = z.object({
  enabled: z.boolean(),
  updatedAt: isoTimestamp.nullable(),
  /** PUT only: the people invited at once because the switch was turned on while seats were free. */
  invited: z.number().int().optional(),
});
export type AutoFillSetting = z.output<typeof autoFillSettingSchema>;

/** Staff move a participant between these (active <-> inactive). */
export const PARTICIPANT_STATUSES = [
  'active',
  'inactive',
] as const satisfies readonly ParticipantState[];
export const participantStatusUpdateSchema = z.object({
  status: z.enum(PARTICIPANT_STATUSES, { error: 'Status must be active or inactive' }),
});
export type ParticipantStatusUpdate = z.input<typeof participantStatusUpdateSchema>;

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
/** Issue 11: seats held (active + unexpired invitations), free, the cap, invitations about to lapse. */
export type SeatFigures = z.output<typeof seatFiguresSchema>;
export type ExpiringInvitation = SeatFigures['expiringSoon'][number];

export const betaParticipantSchema = z.object({
  id: z.string(),
  waitlistEntryId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(PARTICIPANT_STATES),
  invitedAt: isoTimestamp,
  lastActiveAt: isoTimestamp.nullable(),
  /** Issue 11: an invitation holds its seat until it is accepted or this passes. */
  invitationExpiresAt: isoTimestamp.nullable(),
  acceptedAt: isoTimestamp.nullable(),
});
export type BetaParticipant = z.output<typeof betaParticipantSchema>;
export const betaParticipantListSchema = z.object({
  participants: z.array(betaParticipantSchema),
  cap: z.number(),
  seats: seatFiguresSchema,
});
export type BetaParticipantList = z.output<typeof betaParticipantListSchema>;
export const betaApprovalSchema = z.object({
  participant: betaParticipantSchema,
  messageId: z.string().optional(),
});
export type BetaApproval = z.output<typeof betaApprovalSchema>;
