// docs/operations.md, "Kubernetes", as an operator follows it: the Secret command names
// every key the API reads from it, the example overlay renders and changes what it
// says, and every setting in the ConfigMaps is one the servers read.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  configMaps,
  containersOf,
  deployments,
  ingresses,
  kubernetesDir,
  networkPolicies,
  overlayNames,
  renderKustomization,
  renderOverlay,
  repositoryRoot,
} from './render';

const operations = readFileSync(path.join(repositoryRoot, 'docs', 'operations.md'), 'utf8');
const kubernetesSection = operations.slice(operations.indexOf('\n## Kubernetes\n'));

/** What the API reads from the operator's Secret (names of apps/api/src/config.ts). */
const SECRET_KEYS = [
  'ADMIN_SETUP_TOKEN',
  'DATABASE_URL',
  'POSTMARK_SERVER_TOKEN',
  'POSTMARK_WEBHOOK_PASSWORD',
  'POSTMARK_WEBHOOK_USERNAME',
  'POST_PREVIEW_SECRET',
  'REDIS_URL',
  'SESSION_SECRET',
  'UNSUBSCRIBE_SECRET',
];

/** The files in which the three servers read their settings. */
function settingSources(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(ts|js)$/.test(entry) && !/\.test\./.test(entry)) files.push(file);
    }
  };
  for (const dir of [
    'apps/api/src',
    'apps/marketing/server',
    'apps/admin/server',
    'packages/web-server/src',
  ]) {
    walk(path.join(repositoryRoot, dir));
  }
  files.push(path.join(repositoryRoot, 'apps/marketing/app/env.server.ts'));
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

function codeBlockStartingWith(firstLine: string): string {
  const start = kubernetesSection.indexOf(`\n${firstLine}\n`);
  if (start < 0) throw new Error(`docs/operations.md has no code block starting "${firstLine}"`);
  const end = kubernetesSection.indexOf('\n```', start);
  return kubernetesSection.slice(start + 1, end + 1);
}

describe('docs/operations.md, Kubernetes', () => {
  it('creates the Secret with every key the API reads from it, and each is a setting of config.ts', () => {
    const command = /kubectl -n wordloom create secret generic wordloom-secrets[^`]*/.exec(
      kubernetesSection,
    )?.[0];
    expect(command, 'the kubectl create secret command').toBeDefined();
    const keys = [...(command ?? '').matchAll(/--from-literal=([A-Z_]+)=/g)].map((m) => m[1]);
    expect(keys.sort()).toEqual(SECRET_KEYS);
    const config = readFileSync(path.join(repositoryRoot, 'apps/api/src/config.ts'), 'utf8');
    for (const key of SECRET_KEYS) expect(config, key).toMatch(new RegExp(`\\b${key}:`));
    // The Deployment reads that Secret by the name the command gives it.
    const api = deployments(renderOverlay('production')).find(
      (deployment) => deployment.metadata.name === 'wordloom-api',
    );
    const secretNames = containersOf(api as never).flatMap((container) =>
      (container.envFrom ?? []).flatMap((source) => source.secretRef?.name ?? []),
    );
    expect(secretNames).toEqual(['wordloom-secrets']);
  });

  it('sets only settings the servers read', () => {
    const sources = settingSources();
    const unknown = overlayNames.flatMap((overlay) =>
      configMaps(renderOverlay(overlay)).flatMap((configMap) =>
        Object.keys(configMap.data ?? {})
          .filter((key) => !new RegExp(`\\b${key}\\b`).test(sources))
          .map((key) => `${overlay}: ${configMap.metadata.name} sets ${key}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it("moves every app's metrics rule to another namespace with the one patch it shows (issue 31)", () => {
    const start = kubernetesSection.indexOf(
      '```yaml\npatches:\n  - target:\n      kind: NetworkPolicy',
    );
    expect(start, 'the NetworkPolicy patch').toBeGreaterThan(0);
    const patch = kubernetesSection.slice(
      start + '```yaml\n'.length,
      kubernetesSection.indexOf('\n```', start + 1),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'wordloom-monitoring-'));
    try {
      const base = path.relative(dir, path.join(kubernetesDir, 'overlays', 'small'));
      writeFileSync(
        path.join(dir, 'kustomization.yaml'),
        `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ${base}\n${patch}\n`,
      );
      const policies = networkPolicies(renderKustomization(dir));
      expect(policies.map((policy) => policy.metadata.name).sort()).toEqual([
        'wordloom-admin',
        'wordloom-api',
        'wordloom-marketing',
      ]);
      for (const policy of policies) {
        const metricsRule = policy.spec?.ingress?.find((rule) =>
          rule.ports?.some((port) => port.port === 'metrics'),
        );
        expect(metricsRule?.from, policy.metadata.name).toEqual([
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'observability' } },
          },
        ]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the example overlay of an operator', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wordloom-overlay-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('renders, with its hosts, addresses, trusted ranges and images', () => {
      const example = codeBlockStartingWith('# wordloom-prod/kustomization.yaml');
      const base = '../deploy/kubernetes/overlays/production';
      expect(example).toContain(`  - ${base}\n`);
      writeFileSync(
        path.join(dir, 'kustomization.yaml'),
        // kustomize takes a relative path only.
        example.replace(
          base,
          path.relative(dir, path.join(kubernetesDir, 'overlays', 'production')),
        ),
      );
      const objects = renderKustomization(dir);

      const [ingress] = ingresses(objects);
      expect(ingress?.spec?.rules?.map((rule) => rule.host)).toEqual([
        'www.wordloom.ai',
        'console.wordloom.ai',
      ]);
      expect(ingress?.spec?.tls?.[0]?.hosts).toEqual(['www.wordloom.ai', 'console.wordloom.ai']);

      const images = deployments(objects).flatMap((deployment) =>
        containersOf(deployment).map((container) => container.image),
      );
      expect(images.sort()).toEqual([
        'registry.example.net/wordloom/admin:2026.11.26',
        'registry.example.net/wordloom/api:2026.11.26',
        'registry.example.net/wordloom/marketing:2026.11.26',
      ]);

      // Merged into the generated ConfigMaps (the others' keys kept), which the
      // Deployments still reference by their new hashed names.
      const data = Object.assign({}, ...configMaps(objects).map((configMap) => configMap.data));
      expect(data).toMatchObject({
        PUBLIC_SITE_URL: 'https://www.wordloom.ai',
        ADMIN_URL: 'https://console.wordloom.ai',
        API_PUBLIC_URL: 'https://www.wordloom.ai',
        TRUST_PROXY: '10.244.0.0/16',
        MARKETING_TRUST_PROXY: '10.244.0.0/16',
        ADMIN_TRUST_PROXY: '10.244.0.0/16',
        DATABASE_POOL_SIZE: '8',
        API_URL: 'http://wordloom-api:3001',
      });
      const configMapNames = new Set(
        configMaps(objects).map((configMap) => configMap.metadata.name),
      );
      for (const deployment of deployments(objects)) {
        for (const container of containersOf(deployment)) {
          for (const source of container.envFrom ?? []) {
            if (source.configMapRef) expect(configMapNames).toContain(source.configMapRef.name);
          }
        }
      }
      expect(new Set(objects.map((object) => object.metadata.namespace))).toEqual(
        new Set(['wordloom']),
      );
    });
  });
});
