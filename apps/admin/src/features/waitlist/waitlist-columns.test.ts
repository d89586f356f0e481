import { WAITLIST_SORT_FIELDS } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { WAITLIST_SORTABLE } from './waitlist-columns';

describe('waitlist columns', () => {
  it('sort by exactly the fields the API sorts by (the list kept out of the first load)', () => {
    expect([...WAITLIST_SORTABLE].sort()).toEqual([...WAITLIST_SORT_FIELDS].sort());
  });
});
