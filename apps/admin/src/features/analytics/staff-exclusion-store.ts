import { useSyncExternalStore } from 'react';

/*
 * Staff are kept out of the site's analytics (issue 12): the console loads the
 * site's opt-out page in a hidden frame (staff-exclusion-frame.tsx), which marks
 * this browser and reports back. This store holds what it reported and what the
 * frame should ask next, for the frame and for the Analytics tab.
 */

export type StaffExclusionState = 'checking' | 'excluded' | 'counted' | 'unreachable';
type StaffExclusionRequest = 'exclude' | 'include' | 'status';

/** In the console's storage: this browser's staff member chose to be counted ('1'). */
export const COUNT_THIS_BROWSER_KEY = 'wordloom.console.count-this-browser';

interface Snapshot {
  state: StaffExclusionState;
  /** What the frame asks the site page to do. */
  request: StaffExclusionRequest;
  /** A new number each time the frame must ask again. */
  attempt: number;
}

function chosenToBeCounted(): boolean {
  try {
    return localStorage.getItem(COUNT_THIS_BROWSER_KEY) === '1';
  } catch {
    return false;
  }
}

let snapshot: Snapshot = {
  state: 'checking',
  // Signing in marks the browser, unless its staff member undid that before.
  request: chosenToBeCounted() ? 'status' : 'exclude',
  attempt: 0,
};
const listeners = new Set<() => void>();

function update(next: Partial<Snapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export function reportStaffExclusion(state: StaffExclusionState): void {
  if (state !== snapshot.state) update({ state });
}

/** Asks the site to count this browser again (or to exclude it), and remembers the choice. */
export function chooseToBeCounted(counted: boolean): void {
  try {
    if (counted) localStorage.setItem(COUNT_THIS_BROWSER_KEY, '1');
    else localStorage.removeItem(COUNT_THIS_BROWSER_KEY);
  } catch {
    // The site's flag still changes; only the console forgets the choice.
  }
  update({
    state: 'checking',
    request: counted ? 'include' : 'exclude',
    attempt: snapshot.attempt + 1,
  });
}

/** Asks the site again, the same question (after it could not be reached). */
export function retryStaffExclusion(): void {
  update({ state: 'checking', attempt: snapshot.attempt + 1 });
}

/** Back to the start (tests). */
export function resetStaffExclusion(): void {
  update({ state: 'checking', request: chosenToBeCounted() ? 'status' : 'exclude', attempt: 0 });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStaffExclusion(): Snapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}
