// Issue 31: a client cannot choose the X-Request-ID that the front ends, and through
// them the API, log its request under. The ingress controller passes a client's id on
// (ingress-nginx keeps an incoming X-Request-ID and makes one only when none came), so
// in every overlay each front end keeps no id from it, unless the Ingress is set to
// replace every incoming id with its own (docs/operations.md, "Request ids").
import { describe, expect, it } from 'vitest';
import {
  appOf,
  configEnvironment,
  containersOf,
  deployments,
  ingresses,
  overlayNames,
  renderOverlay,
} from './render';

const TRUST_REQUEST_ID: Record<string, string> = {
  marketing: 'MARKETING_TRUST_REQUEST_ID',
  admin: 'ADMIN_TRUST_REQUEST_ID',
};

/** ingress-nginx's per-Ingress way to replace the incoming id with its own $request_id. */
const REPLACES_REQUEST_ID = /more_set_input_headers\s+["']X-Request-ID:\s*\$request_id["']/i;

describe.each(overlayNames)('overlay %s: request ids', (overlay) => {
  const objects = renderOverlay(overlay);

  it('has two front ends to check (no vacuous pass)', () => {
    const apps = deployments(objects).map(appOf);
    expect(apps).toEqual(expect.arrayContaining(Object.keys(TRUST_REQUEST_ID)));
  });

  it("keeps no front end trusting the ingress's X-Request-ID unless the Ingress replaces it", () => {
    const all = ingresses(objects);
    const ingressReplaces =
      all.length > 0 &&
      all.every((ingress) =>
        REPLACES_REQUEST_ID.test(
          ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/configuration-snippet'] ?? '',
        ),
      );
    for (const deployment of deployments(objects)) {
      const setting = TRUST_REQUEST_ID[appOf(deployment)];
      if (!setting) continue;
      for (const container of containersOf(deployment)) {
        const value = configEnvironment(objects, container)[setting];
        expect(value, `${deployment.metadata.name}: ${setting} must be set`).toBeDefined();
        if (!ingressReplaces) {
          expect(value, `${deployment.metadata.name}: ${setting}`).toMatch(/^(false|0)$/);
        }
      }
    }
  });
});
