import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  apiRoutes,
  type ReadPath,
  type ReadQuery,
  type ReadResponse,
  type InviteCodeRedemptions,
  type WaitlistListQuery,
  type WaitlistPage,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
  type WebhookDeliveryListQuery,
  type WebhookEndpointList,
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

  it("types the webhooks reads (issue 34): the list, an endpoint's deliveries and one delivery", () => {
    expectTypeOf<
      ReadResponse<typeof apiRoutes.admin.webhooks.list>
    >().toEqualTypeOf<WebhookEndpointList>();
    const deliveries = apiRoutes.admin.webhooks.deliveries('w1');
    expectTypeOf<ReadResponse<typeof deliveries>>().toEqualTypeOf<WebhookDeliveryList>();
    expectTypeOf<ReadQuery<typeof deliveries>>().toEqualTypeOf<WebhookDeliveryListQuery>();
    const delivery = apiRoutes.admin.webhooks.delivery('w1', 'd1');
    expectTypeOf<ReadResponse<typeof delivery>>().toEqualTypeOf<WebhookDeliveryDetail>();
    expect(deliveries).toBe('/api/admin/webhooks/w1/deliveries');
    expect(delivery).toBe('/api/admin/webhooks/w1/deliveries/d1');
  });
});
