import type { WaitlistBulkAction, WaitlistSelectionRequest } from '@repo/api-client';
import type { RowSelectionTarget } from './use-row-selection';

/** What the API takes for a selection (issue 32). */
export function selectionRequest(target: RowSelectionTarget): WaitlistSelectionRequest {
  if (target.kind === 'ids') return { ids: target.ids };
  const { search, state } = target.filter;
  // The list's own filter, blanks left out: what the list showed, nothing more.
  return { filter: { ...(search ? { search } : {}), ...(state ? { state } : {}) } };
}

export const peopleCount = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'}`;

/** Each run action's button, dialog and progress wording. */
export const BULK_ACTION_TEXT: Record<
  WaitlistBulkAction,
  {
    button: string;
    title: (count: number) => string;
    description: string;
    confirm: string;
    running: string;
    done: string;
  }
> = {
  approve: {
    button: 'Approve for Beta',
    title: (count) => `Approve ${peopleCount(count)} for the beta?`,
    description:
      'They are invited in queue order, up to the free seats, each with their own invitation email. Anyone who cannot be invited (no free seat, already a participant, not confirmed) is listed afterwards.',
    confirm: 'Approve',
    running: 'Approving',
    done: 'invited',
  },
  'hang-tight': {
    button: 'Send Hang Tight',
    title: (count) => `Send the ‘Hang Tight’ update to ${peopleCount(count)}?`,
    description:
      'Each person still on the waitlist gets the update by email. Beta participants are skipped.',
    confirm: 'Send',
    running: 'Sending',
    done: 'sent',
  },
  delete: {
    button: 'Delete',
    title: (count) => `Delete ${peopleCount(count)} permanently?`,
    description:
      'This removes each entry, its emails and the analytics that name it. This cannot be undone.',
    confirm: 'Delete permanently',
    running: 'Deleting',
    done: 'deleted',
  },
};

/** Why a person was passed over, in words. */
export const SKIP_REASON_TEXT: Record<string, string> = {
  no_free_seat: 'No free seat',
  already_participant: 'Already a participant',
  not_confirmed: 'Not confirmed',
  not_found: 'No longer on the waitlist',
  error: 'Failed (try again)',
};
