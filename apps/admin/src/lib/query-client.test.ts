import { describe, expect, it } from 'vitest';
import { createQueryClient, pathWithParams } from './query-client';

describe('query client', () => {
  it('never retries, never refetches on focus and never goes stale (spec section 4)', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('builds the request path from the query key, leaving out empty values', () => {
    expect(pathWithParams('/api/admin/waitlist', { page: 2, search: '', status: undefined })).toBe(
      '/api/admin/waitlist?page=2',
    );
    expect(pathWithParams('/api/admin/api-keys')).toBe('/api/admin/api-keys');
  });
});
