import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  apiRoutes,
  type ReadPath,
  type ReadQuery,
  type ReadResponse,
  type InviteCodeRedemptions,
  type WaitlistListQuery,
  type WaitlistPage,
} from '../src';

/** Every path `apiRoutes` names or builds. */
type Leaves<T> = T extends string
  ? T
  : T extends (...args: never[]) => infer Built
    ? Built
    : T extends object
      ? Leaves<T[keyof T]>
      : never;
type RoutePath = Leaves<typeof apiRoutes>;

describe('what each read answers', () => {
  it('names only paths of the route table, so a renamed route breaks the build', () => {
    expectTypeOf<ReadPath>().toExtend<RoutePath>();
    // The guard bites: a path outside the table is not a route path.
    expectTypeOf<'/api/admin/nothing-here'>().not.toExtend<RoutePath>();
    expect(apiRoutes.admin.waitlist.list).toBe('/api/admin/waitlist');
  });

  it('finds the response and query string of a fixed or a built path', () => {
    expectTypeOf<
      ReadResponse<typeof apiRoutes.admin.waitlist.list>
    >().toEqualTypeOf<WaitlistPage>();
    expectTypeOf<
      ReadQuery<typeof apiRoutes.admin.waitlist.list>
    >().toEqualTypeOf<WaitlistListQuery>();
    const redemptions = apiRoutes.admin.inviteCodes.redemptions('c1');
    expectTypeOf<ReadResponse<typeof redemptions>>().toEqualTypeOf<InviteCodeRedemptions>();
    expectTypeOf<
      ReadResponse<ReturnType<typeof apiRoutes.admin.email.templatePreview>>
    >().toEqualTypeOf<string>();
    expect(redemptions).toBe('/api/admin/invite-codes/c1/redemptions');
  });
});
