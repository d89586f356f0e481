import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from './session-context';

describe('useSession', () => {
  it('raises an error outside its provider (spec section 8)', () => {
    // React and jsdom report the thrown error too; keep the output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const silence = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', silence);
    expect(() => renderHook(() => useSession())).toThrow(
      'useSession must be used within a SessionProvider',
    );
    window.removeEventListener('error', silence);
  });
});
