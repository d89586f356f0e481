import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '../src';
import { messages } from './first-messages';

describe('contacts', () => {
  it('applies the minimums of spec section 9', () => {
    expect(
      messages(
        contactMessageSchema.safeParse({
          name: 'A',
          email: 'x',
          subject: 'Four',
          message: 'Nine char',
        }),
      ),
    ).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      subject: 'Subject is required',
      message: 'Message must be at least 10 characters',
    });
  });
});
