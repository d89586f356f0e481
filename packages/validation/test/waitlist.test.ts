import { describe, expect, it } from 'vitest';
import { WAITLIST_STEPS, waitlistSignupSchema } from '../src';
import { messages } from './first-messages';

describe('waitlist', () => {
  it('reports every spec message for an empty form', () => {
    expect(messages(waitlistSignupSchema.safeParse({}))).toEqual({
      email: 'Please enter a valid email address',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      company: 'Company name is required',
      primaryUse: 'Please select a primary use case',
    });
  });

  it('trims, and treats blank optional fields as absent', () => {
    const parsed = waitlistSignupSchema.parse({
      email: '  ada@example.com ',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engines',
      primaryUse: 'Other',
      contentWorkflow: '   ',
      userType: '',
    });
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.contentWorkflow).toBeUndefined();
    expect(parsed.userType).toBeUndefined();
  });

  it('asks its 7 steps in the spec order', () => {
    expect(WAITLIST_STEPS).toEqual([
      'email',
      'firstName',
      'lastName',
      'company',
      'userType',
      'contentWorkflow',
      'primaryUse',
    ]);
  });
});
