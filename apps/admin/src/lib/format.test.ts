import { describe, expect, it } from 'vitest';
import { formatCompany, formatDate, formatDateTime, formatLastActive } from './format';

describe('admin formatting rules (spec sections 2 and 9)', () => {
  it("shows table dates as 'MMM dd, yyyy'", () => {
    expect(formatDate('2025-03-07T15:04:00.000Z')).toBe('Mar 07, 2025');
  });

  it('adds HH:mm in the message view', () => {
    expect(formatDateTime('2025-03-07T15:04:00.000Z')).toBe('Mar 07, 2025 15:04');
  });

  it('shows N/A for an absent company', () => {
    expect(formatCompany(null)).toBe('N/A');
    expect(formatCompany('')).toBe('N/A');
    expect(formatCompany('  ')).toBe('N/A');
    expect(formatCompany('Acme')).toBe('Acme');
  });

  it("shows 'Never' for a participant that never was active", () => {
    expect(formatLastActive(null)).toBe('Never');
    expect(formatLastActive('2025-06-02T09:00:00.000Z')).toBe('Jun 02, 2025');
  });
});
