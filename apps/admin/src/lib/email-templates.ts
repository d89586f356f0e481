/**
 * The two templates the waitlist actions send (ids defined by the API's
 * template catalogue): approval sends the beta invitation, 'Hang Tight' the
 * waitlist update.
 */
export const BETA_INVITATION_TEMPLATE_ID = 'beta-invitation';
export const WAITLIST_UPDATE_TEMPLATE_ID = 'waitlist-update';

export function templatePreviewPath(templateId: string): string {
  return `/api/admin/email/templates/${encodeURIComponent(templateId)}/preview`;
}
