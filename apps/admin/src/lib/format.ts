import { format, parseISO } from 'date-fns';

// Spec sections 2 and 9: admin tables show 'MMM dd, yyyy'; the message view adds HH:mm.
const DATE_FORMAT = 'MMM dd, yyyy';
const DATE_TIME_FORMAT = 'MMM dd, yyyy HH:mm';

export function formatDate(iso: string): string {
  return format(parseISO(iso), DATE_FORMAT);
}

/** A calendar day ('2025-06-01', no time zone) in the admin's format. */
export function formatDay(day: string): string {
  return format(parseISO(day), DATE_FORMAT);
}

export function formatDateTime(iso: string): string {
  return format(parseISO(iso), DATE_TIME_FORMAT);
}

/** A company that is absent shows N/A (spec section 2). */
export function formatCompany(company: string | null | undefined): string {
  return company?.trim() ? company : 'N/A';
}

/** A participant that never was active shows 'Never' (spec section 2). */
export function formatLastActive(iso: string | null | undefined): string {
  return iso ? formatDate(iso) : 'Never';
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}
