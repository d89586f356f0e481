import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, canActOn, PERMISSIONS, permissionsMissingToActOn } from '../src';

/* Issue 31: the one rule of acting on an account, shared by the API and the console. */
describe('canActOn', () => {
  const desk = ['staff:manage', 'waitlist:read'] as const;

  it("needs every permission of the account's role", () => {
    expect(canActOn(PERMISSIONS, BUILT_IN_ROLES.owner.permissions)).toBe(true);
    expect(canActOn(desk, BUILT_IN_ROLES.owner.permissions)).toBe(false);
    expect(canActOn(desk, ['waitlist:read'])).toBe(true);
  });

  it('and of the role given', () => {
    expect(canActOn(desk, ['waitlist:read'], BUILT_IN_ROLES.viewer.permissions)).toBe(false);
    expect(
      permissionsMissingToActOn(desk, ['waitlist:read'], ['waitlist:read', 'beta:read']),
    ).toEqual(['beta:read']);
  });

  it('names each missing permission once, in order', () => {
    expect(
      permissionsMissingToActOn(['waitlist:read'], ['beta:read', 'audit:read'], ['beta:read']),
    ).toEqual(['beta:read', 'audit:read']);
  });
});
