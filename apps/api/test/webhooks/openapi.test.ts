import { WEBHOOK_EVENTS, WEBHOOK_EXAMPLE_PAYLOADS, webhookPayloadSchemas } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';

/** Issue 34: both OpenAPI documents describe every webhook event (OpenAPI 3.1 `webhooks`). */
const { ctx, admin } = useAdminContext();

describe('the webhooks in the OpenAPI documents', () => {
  it.each([
    ['public', '/api/openapi.json', false],
    ['admin', '/api/admin/openapi.json', true],
  ])(
    'the %s document lists every event with its payload and signature headers',
    async (_name, url, signedIn) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: signedIn ? admin.headers : {},
      });
      expect(response.statusCode).toBe(200);
      const document = response.json<{
        webhooks: Record<
          string,
          { post: { parameters: { name: string }[]; requestBody: unknown } }
        >;
      }>();
      expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
      for (const event of WEBHOOK_EVENTS) {
        const operation = document.webhooks[event]!.post;
        expect(operation.parameters.map((parameter) => parameter.name)).toEqual([
          'webhook-id',
          'webhook-timestamp',
          'webhook-signature',
        ]);
        expect(JSON.stringify(operation.requestBody)).toContain(`"const":"${event}"`);
      }
    },
  );

  it('every made-up example payload matches its schema', () => {
    for (const event of WEBHOOK_EVENTS) {
      expect(
        webhookPayloadSchemas[event].safeParse(WEBHOOK_EXAMPLE_PAYLOADS[event]).success,
        event,
      ).toBe(true);
    }
  });
});
