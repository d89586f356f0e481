import { apiRoutes } from '@repo/api-client';

/**
 * The two templates the waitlist actions send (ids defined by the API's
 * template catalogue): approval sends the beta invitation, 'Hang Tight' the
 * waitlist update.
 */
export const BETA_INVITATION_TEMPLATE_ID = 'beta-invitation';
export const WAITLIST_UPDATE_TEMPLATE_ID = 'waitlist-update';

export const templatePreviewPath = apiRoutes.admin.email.templatePreview;
