// What the Kubernetes manifests promise (docs/operations.md, "Kubernetes"), asserted
// on the rendered objects of every overlay.
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import { describe, expect, it } from 'vitest';
import {
  appOf,
  autoscalers,
  configEnvironment,
  containersOf,
  type Deployment,
  deployments,
  disruptionBudgets,
  ingresses,
  type KubeObject,
  networkPolicies,
  overlayNames,
  renderOverlay,
  selects,
  services,
} from './render';

const APPS = ['admin', 'api', 'marketing'];
/** The user the images run as (tooling/images, the Dockerfiles). */
const APP_UID = 10001;
/** Each app's settings: its HTTP port and its metrics port. */
const PORT_SETTINGS: Record<string, { http: string; metrics: string }> = {
  api: { http: 'API_PORT', metrics: 'API_METRICS_PORT' },
  marketing: { http: 'MARKETING_PORT', metrics: 'MARKETING_METRICS_PORT' },
  admin: { http: 'ADMIN_PORT', metrics: 'ADMIN_METRICS_PORT' },
};
const TRUST_SETTINGS: Record<string, string> = {
  api: 'TRUST_PROXY',
  marketing: 'MARKETING_TRUST_PROXY',
  admin: 'ADMIN_TRUST_PROXY',
};
/** Where Prometheus runs: the only namespace that reaches the metrics ports (issue 31). */
const MONITORING_NAMESPACE = 'monitoring';
/** PostgreSQL's default max_connections, less 3 superuser slots and 7 for psql, backups, the CLI. */
const DATABASE_CONNECTION_BUDGET = 90;

function onlyContainer(deployment: Deployment): IContainer {
  const all = containersOf(deployment);
  expect(all, `${deployment.metadata.name}: one container`).toHaveLength(1);
  return all[0] as IContainer;
}

function byApp(objects: KubeObject[]): Map<string, Deployment> {
  return new Map(deployments(objects).map((deployment) => [appOf(deployment), deployment]));
}

function portNumber(container: IContainer, port: string | number | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((candidate) => candidate.name === port)?.containerPort;
}

function httpPath(probe: IProbe | undefined): string | undefined {
  return probe?.httpGet?.path;
}

/** The replicas a Deployment runs with at least: its own count, or its autoscaler's minimum. */
function minimumReplicas(objects: KubeObject[], deployment: Deployment): number {
  const autoscaler = autoscalers(objects).find(
    (candidate) =>
      candidate.spec?.scaleTargetRef.kind === 'Deployment' &&
      candidate.spec.scaleTargetRef.name === deployment.metadata.name,
  );
  if (autoscaler) return autoscaler.spec?.minReplicas ?? 1;
  return deployment.spec?.replicas ?? 1;
}

function maximumReplicas(objects: KubeObject[], deployment: Deployment): number {
  const autoscaler = autoscalers(objects).find(
    (candidate) => candidate.spec?.scaleTargetRef.name === deployment.metadata.name,
  );
  return autoscaler?.spec?.maxReplicas ?? deployment.spec?.replicas ?? 1;
}

/** Pods a rolling update may add above the replicas (maxSurge; 25 % when unset). */
function surge(deployment: Deployment, replicas: number): number {
  const value = deployment.spec?.strategy?.rollingUpdate?.maxSurge ?? '25%';
  if (typeof value === 'number') return value;
  return Math.ceil((replicas * Number.parseInt(value, 10)) / 100);
}

/** How many pods a PodDisruptionBudget lets an eviction take out of `replicas`. */
function allowedEvictions(
  budget: { maxUnavailable?: number | string; minAvailable?: number | string },
  replicas: number,
): number {
  const count = (value: number | string, round: (n: number) => number) =>
    typeof value === 'number' ? value : round((replicas * Number.parseInt(value, 10)) / 100);
  if (budget.maxUnavailable !== undefined) return count(budget.maxUnavailable, Math.ceil);
  if (budget.minAvailable !== undefined) return replicas - count(budget.minAvailable, Math.ceil);
  return 0;
}

describe.each(overlayNames)('overlays/%s', (overlay) => {
  const objects = () => renderOverlay(overlay);

  it('runs the three apps, each from its own image with a pinned tag (never latest)', () => {
    const apps = byApp(objects());
    expect([...apps.keys()].sort()).toEqual(APPS);
    for (const [app, deployment] of apps) {
      const image = onlyContainer(deployment).image ?? '';
      expect(image, `${app}'s image`).toMatch(new RegExp(`(^|/)wordloom/${app}(:|@)`));
      const tag = image.includes('@') ? null : image.slice(image.lastIndexOf(':') + 1);
      if (tag !== null) {
        expect(tag, `${app}'s tag`).not.toBe('');
        expect(tag, `${app}'s tag`).not.toBe('latest');
        expect(tag, `${app}'s tag`).not.toContain('/');
      }
    }
  });

  it('probes every container: readiness and liveness on the health routes, never the database for liveness', () => {
    for (const [app, deployment] of byApp(objects())) {
      const container = onlyContainer(deployment);
      const { readinessProbe, livenessProbe } = container;
      expect(readinessProbe, `${app} readiness`).toBeDefined();
      expect(livenessProbe, `${app} liveness`).toBeDefined();
      const httpPort = container.ports?.find((port) => port.name === 'http')?.containerPort;
      for (const probe of [readinessProbe, livenessProbe, container.startupProbe]) {
        if (!probe) continue;
        const port = probe.httpGet?.port ?? probe.tcpSocket?.port;
        expect(portNumber(container, port), `${app}: probes use the app's port`).toBe(httpPort);
      }
      if (app === 'api') {
        expect(httpPath(readinessProbe)).toBe('/api/health');
        // /api/health answers 503 while PostgreSQL is down: as a liveness probe it would
        // restart every API pod during a database outage, which the API rides out.
        expect(httpPath(livenessProbe)).not.toBe('/api/health');
        expect(httpPath(container.startupProbe)).not.toBe('/api/health');
        expect(livenessProbe?.tcpSocket ?? livenessProbe?.httpGet).toBeDefined();
        // Migrations run before the API listens: the startup probe waits for them.
        const startup = container.startupProbe;
        expect(startup, 'api startupProbe').toBeDefined();
        expect(
          (startup?.periodSeconds ?? 10) * (startup?.failureThreshold ?? 3),
        ).toBeGreaterThanOrEqual(120);
      } else {
        expect(httpPath(readinessProbe), `${app} readiness`).toBe('/healthz');
        expect(httpPath(livenessProbe), `${app} liveness`).toBe('/healthz');
      }
    }
  });

  it('runs every container as a non-root numeric user, read-only, without privileges', () => {
    for (const [app, deployment] of byApp(objects())) {
      const podSpec = deployment.spec?.template.spec;
      const pod = podSpec?.securityContext ?? {};
      for (const container of containersOf(deployment)) {
        const own = container.securityContext ?? {};
        const where = `${app}/${container.name}`;
        expect(own.runAsNonRoot ?? pod.runAsNonRoot, `${where} runAsNonRoot`).toBe(true);
        // The kubelet can check runAsNonRoot only against a numeric user.
        expect(own.runAsUser ?? pod.runAsUser, `${where} runAsUser`).toBe(APP_UID);
        expect(own.runAsGroup ?? pod.runAsGroup, `${where} runAsGroup`).toBe(APP_UID);
        expect(own.readOnlyRootFilesystem, `${where} readOnlyRootFilesystem`).toBe(true);
        expect(own.allowPrivilegeEscalation, `${where} allowPrivilegeEscalation`).toBe(false);
        expect(own.privileged ?? false, `${where} privileged`).toBe(false);
        expect(own.capabilities?.drop, `${where} drops`).toContain('ALL');
        expect(own.capabilities?.add ?? [], `${where} adds`).toEqual([]);
        expect((own.seccompProfile ?? pod.seccompProfile)?.type, `${where} seccomp`).toBe(
          'RuntimeDefault',
        );
        // /tmp is the only writable path: an emptyDir.
        const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
        expect(tmp, `${where} /tmp`).toBeDefined();
        const volume = podSpec?.volumes?.find((candidate) => candidate.name === tmp?.name);
        expect(volume?.emptyDir, `${where} /tmp is an emptyDir`).toBeDefined();
      }
      expect(podSpec?.automountServiceAccountToken, `${app} service account token`).toBe(false);
      expect(podSpec?.hostNetwork ?? false).toBe(false);
    }
  });

  it('gives every container cpu and memory requests and limits, limits above requests', () => {
    for (const [app, deployment] of byApp(objects())) {
      for (const container of containersOf(deployment)) {
        const { requests, limits } = container.resources ?? {};
        for (const resource of ['cpu', 'memory']) {
          expect(requests?.[resource], `${app} ${resource} request`).toBeDefined();
          expect(limits?.[resource], `${app} ${resource} limit`).toBeDefined();
          expect(quantity(limits?.[resource])).toBeGreaterThanOrEqual(
            quantity(requests?.[resource]),
          );
        }
        if (app === 'api') {
          // Load shedding (503) must start before the kernel kills the pod for memory.
          const environment = configEnvironment(objects(), container);
          const heapMb = Number(environment.LOAD_SHEDDING_MAX_HEAP_MB);
          expect(heapMb).toBeGreaterThan(0);
          expect(heapMb * 2 ** 20).toBeLessThan(quantity(limits?.memory));
        }
      }
    }
  });

  it('waits longer than SHUTDOWN_TIMEOUT_MS (and the preStop pause) before killing a pod', () => {
    for (const [app, deployment] of byApp(objects())) {
      const container = onlyContainer(deployment);
      const shutdownMs = Number(configEnvironment(objects(), container).SHUTDOWN_TIMEOUT_MS);
      expect(shutdownMs, `${app} SHUTDOWN_TIMEOUT_MS`).toBeGreaterThan(0);
      const preStopMs = (container.lifecycle?.preStop?.sleep?.seconds ?? 0) * 1000;
      const graceMs = (deployment.spec?.template.spec?.terminationGracePeriodSeconds ?? 30) * 1000;
      expect(graceMs, `${app} terminationGracePeriodSeconds`).toBeGreaterThan(
        shutdownMs + preStopMs,
      );
    }
  });

  it('reads settings from ConfigMaps, secrets only from the operator-made Secret, and commits no Secret', () => {
    const rendered = objects();
    const secrets = rendered.filter((object) => object.kind === 'Secret');
    for (const secret of secrets) {
      expect(secret.data ?? {}, `Secret ${secret.metadata.name} data`).toEqual({});
      expect(secret.stringData ?? {}, `Secret ${secret.metadata.name} stringData`).toEqual({});
    }
    for (const [app, deployment] of byApp(rendered)) {
      const container = onlyContainer(deployment);
      const secretNames = (container.envFrom ?? []).flatMap((source) =>
        source.secretRef ? [source.secretRef.name] : [],
      );
      // A value in the manifest is a value in git.
      for (const variable of container.env ?? []) {
        expect(variable.valueFrom?.secretKeyRef?.name ?? 'wordloom-secrets').toBe(
          'wordloom-secrets',
        );
      }
      if (app === 'api') {
        expect(secretNames).toEqual(['wordloom-secrets']);
        expect(
          container.envFrom?.find((source) => source.secretRef)?.secretRef?.optional ?? false,
        ).toBe(false);
      } else {
        // The front ends hold no secret (no database address, no session key).
        expect(secretNames, `${app} secrets`).toEqual([]);
      }
      const environment = configEnvironment(rendered, container);
      for (const name of [
        'SESSION_SECRET',
        'UNSUBSCRIBE_SECRET',
        'POST_PREVIEW_SECRET',
        'DATABASE_URL',
        'REDIS_URL',
      ]) {
        expect(environment, `${app}: ${name} only in the Secret`).not.toHaveProperty(name);
      }
    }
  });

  it('announces each metrics port to Prometheus on the port the server listens on', () => {
    const rendered = objects();
    for (const [app, deployment] of byApp(rendered)) {
      const container = onlyContainer(deployment);
      const environment = configEnvironment(rendered, container);
      const settings = PORT_SETTINGS[app] as { http: string; metrics: string };
      const http = portNumber(container, 'http');
      const metrics = portNumber(container, 'metrics');
      expect(http, `${app} http port`).toBe(Number(environment[settings.http]));
      expect(metrics, `${app} metrics port`).toBe(Number(environment[settings.metrics]));
      expect(metrics).not.toBe(http);
      const annotations = deployment.spec?.template.metadata?.annotations ?? {};
      expect(annotations['prometheus.io/scrape']).toBe('true');
      expect(annotations['prometheus.io/port']).toBe(String(metrics));
      expect(annotations['prometheus.io/path']).toBe('/metrics');
      const service = services(rendered).find((candidate) =>
        selects(
          candidate.spec?.selector ? { matchLabels: candidate.spec.selector } : undefined,
          deployment.spec?.template.metadata?.labels,
        ),
      );
      expect(service?.spec?.ports?.map((port) => port.name).sort(), `${app} Service`).toEqual([
        'http',
        'metrics',
      ]);
    }
  });

  it('exposes nothing but the Ingress: every Service is ClusterIP', () => {
    for (const service of services(objects())) {
      expect(service.spec?.type ?? 'ClusterIP', service.metadata.name).toBe('ClusterIP');
    }
  });

  it('routes the public domain to the site and the console subdomain to the console, never to the API or a metrics port', () => {
    const rendered = objects();
    const [ingress, ...others] = ingresses(rendered);
    expect(others).toEqual([]);
    expect(ingress?.spec?.defaultBackend).toBeUndefined();
    const serviceApp = new Map(
      services(rendered).map((service) => [
        service.metadata.name,
        service.spec?.selector?.['app.kubernetes.io/name'],
      ]),
    );
    const routes = (ingress?.spec?.rules ?? []).flatMap((rule) =>
      (rule.http?.paths ?? []).map((path) => ({ host: rule.host, backend: path.backend.service })),
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const { host, backend } of routes) {
      expect(backend, `${host}: a Service backend`).toBeDefined();
      const app = serviceApp.get(backend?.name ?? '');
      expect(app, `${host} → ${backend?.name}`).toBeDefined();
      expect(app, `${host}: the API has no Ingress rule`).not.toBe('api');
      const service = services(rendered).find(
        (candidate) => candidate.metadata.name === backend?.name,
      );
      const port = service?.spec?.ports?.find((candidate) =>
        backend?.port?.name
          ? candidate.name === backend.port.name
          : candidate.port === backend?.port?.number,
      );
      expect(port?.name, `${host}: the app's port, not metrics`).toBe('http');
    }
    const appsByHost = new Map<string, Set<string>>();
    for (const { host, backend } of routes) {
      const set = appsByHost.get(host ?? '') ?? new Set<string>();
      set.add(serviceApp.get(backend?.name ?? '') ?? '');
      appsByHost.set(host ?? '', set);
    }
    expect([...appsByHost.values()].map((set) => [...set].join()).sort()).toEqual([
      'admin',
      'marketing',
    ]);
    expect([...appsByHost.keys()].every((host) => host.length > 0)).toBe(true);
  });

  it('gives every app a NetworkPolicy that admits its metrics port from the monitoring namespace only (issue 31)', () => {
    const rendered = objects();
    const apps = byApp(rendered);
    expect([...apps.keys()].sort()).toEqual(APPS);
    for (const [app, deployment] of apps) {
      const container = onlyContainer(deployment);
      const metricsPort = portNumber(container, 'metrics');
      expect(metricsPort, `${app} metrics port`).toBeDefined();
      const policies = networkPolicies(rendered).filter((candidate) =>
        selects(candidate.spec?.podSelector, deployment.spec?.template.metadata?.labels),
      );
      expect(policies, `${app}: one NetworkPolicy`).toHaveLength(1);
      const policy = policies[0];
      expect(policy?.spec?.policyTypes, app).toContain('Ingress');
      const rules = policy?.spec?.ingress ?? [];
      // Every rule names its ports: none opens the whole pod, the metrics port with it.
      expect(
        rules.every((rule) => (rule.ports ?? []).length > 0),
        `${app}: every rule names its ports`,
      ).toBe(true);
      const metricsRules = rules.filter((rule) =>
        (rule.ports ?? []).some(
          (port) => port.port === 'metrics' || portNumber(container, port.port) === metricsPort,
        ),
      );
      // Not vacuous: Prometheus can still scrape.
      expect(metricsRules.length, `${app}: a rule for the metrics port`).toBeGreaterThan(0);
      for (const rule of metricsRules) {
        const peers = rule.from ?? [];
        expect(peers.length, `${app}: the metrics port is not open to everyone`).toBeGreaterThan(0);
        for (const peer of peers) {
          expect(peer.ipBlock, `${app} metrics: no address range`).toBeUndefined();
          expect(peer.namespaceSelector?.matchExpressions ?? []).toEqual([]);
          expect(
            peer.namespaceSelector?.matchLabels,
            `${app} metrics: the monitoring namespace, by its name label`,
          ).toEqual({ 'kubernetes.io/metadata.name': MONITORING_NAMESPACE });
        }
      }
    }
  });

  it('lets only the front ends reach the API port (NetworkPolicy), the monitoring namespace its metrics', () => {
    const rendered = objects();
    const api = byApp(rendered).get('api') as Deployment;
    const apiLabels = api.spec?.template.metadata?.labels;
    const [policy, ...others] = networkPolicies(rendered).filter((candidate) =>
      selects(candidate.spec?.podSelector, apiLabels),
    );
    expect(others).toEqual([]);
    expect(policy?.spec?.policyTypes).toContain('Ingress');
    const rules = policy?.spec?.ingress ?? [];
    const httpRules = rules.filter((rule) => rule.ports?.some((port) => port.port === 'http'));
    expect(httpRules).toHaveLength(1);
    // Every rule names its ports: none opens the whole pod.
    expect(rules.every((rule) => (rule.ports ?? []).length > 0)).toBe(true);
    const peers = httpRules[0]?.from ?? [];
    expect(peers.length).toBeGreaterThan(0);
    for (const peer of peers) {
      expect(peer.namespaceSelector, 'the API port: this namespace only').toBeUndefined();
      expect(peer.ipBlock).toBeUndefined();
      const allowed = new Set(
        (peer.podSelector?.matchExpressions ?? []).flatMap((expression) =>
          expression.key === 'app.kubernetes.io/name' && expression.operator === 'In'
            ? (expression.values ?? [])
            : [],
        ),
      );
      const label = peer.podSelector?.matchLabels?.['app.kubernetes.io/name'];
      if (label) allowed.add(label);
      expect([...allowed].sort()).toEqual(['admin', 'marketing']);
    }
  });

  it('points the front ends at the API Service, and trusts forwarded addresses from the pod network only', () => {
    const rendered = objects();
    const apiService = services(rendered).find(
      (service) => service.spec?.selector?.['app.kubernetes.io/name'] === 'api',
    );
    const apiPort = apiService?.spec?.ports?.find((port) => port.name === 'http')?.port;
    expect(apiPort).toBeDefined();
    for (const [app, deployment] of byApp(rendered)) {
      const environment = configEnvironment(rendered, onlyContainer(deployment));
      if (app !== 'api') {
        expect(environment.API_URL, `${app} API_URL`).toBe(
          `http://${apiService?.metadata.name}:${apiPort}`,
        );
      }
      const trust = environment[TRUST_SETTINGS[app] as string] ?? '';
      for (const entry of trust.split(',').map((item) => item.trim())) {
        // A CIDR range (or one address): never `true` (every peer), never empty.
        expect(entry, `${app} ${TRUST_SETTINGS[app]}`).toMatch(
          /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$|^[0-9a-f:]+\/\d{1,3}$/i,
        );
      }
    }
  });

  it('keeps DATABASE_POOL_SIZE × (most API pods + surge) inside max_connections', () => {
    const rendered = objects();
    const api = byApp(rendered).get('api') as Deployment;
    const pool = Number(configEnvironment(rendered, onlyContainer(api)).DATABASE_POOL_SIZE);
    expect(pool).toBeGreaterThan(0);
    const most = maximumReplicas(rendered, api);
    expect(pool * (most + surge(api, most))).toBeLessThanOrEqual(DATABASE_CONNECTION_BUDGET);
  });

  it('has PodDisruptionBudgets that each still allow an eviction', () => {
    const rendered = objects();
    for (const budget of disruptionBudgets(rendered)) {
      const targets = deployments(rendered).filter((deployment) =>
        selects(budget.spec?.selector, deployment.spec?.template.metadata?.labels),
      );
      expect(targets, `${budget.metadata.name} selects one Deployment`).toHaveLength(1);
      const replicas = minimumReplicas(rendered, targets[0] as Deployment);
      expect(
        allowedEvictions(budget.spec ?? {}, replicas),
        `${budget.metadata.name} with ${replicas} replicas`,
      ).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('overlays/small', () => {
  it('runs one replica of each app, without autoscaler or budgets', () => {
    const rendered = renderOverlay('small');
    for (const deployment of deployments(rendered)) {
      expect(deployment.spec?.replicas, deployment.metadata.name).toBe(1);
    }
    expect(autoscalers(rendered)).toEqual([]);
    expect(disruptionBudgets(rendered)).toEqual([]);
  });
});

describe('overlays/production', () => {
  const rendered = () => renderOverlay('production');

  it('scales the API on CPU from 2 to 10 replicas, and leaves its count to the autoscaler', () => {
    const [autoscaler, ...others] = autoscalers(rendered());
    expect(others).toEqual([]);
    expect(autoscaler?.apiVersion).toBe('autoscaling/v2');
    expect(autoscaler?.spec?.scaleTargetRef).toMatchObject({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: byApp(rendered()).get('api')?.metadata.name,
    });
    expect(autoscaler?.spec?.minReplicas).toBe(2);
    expect(autoscaler?.spec?.maxReplicas).toBe(10);
    expect(autoscaler?.spec?.metrics?.map((metric) => metric.resource?.name)).toEqual(['cpu']);
    // A replicas field would reset the autoscaler's choice at every `kubectl apply`.
    expect(byApp(rendered()).get('api')?.spec?.replicas).toBeUndefined();
  });

  it('runs two replicas of each front end, with a budget for every app', () => {
    const apps = byApp(rendered());
    expect(apps.get('marketing')?.spec?.replicas).toBe(2);
    expect(apps.get('admin')?.spec?.replicas).toBe(2);
    const budgeted = disruptionBudgets(rendered()).flatMap((budget) =>
      [...apps]
        .filter(([, deployment]) =>
          selects(budget.spec?.selector, deployment.spec?.template.metadata?.labels),
        )
        .map(([app]) => app),
    );
    expect(budgeted.sort()).toEqual(APPS);
  });

  it('spreads the pods of each app over nodes', () => {
    for (const [app, deployment] of byApp(rendered())) {
      const spec = deployment.spec?.template.spec;
      const labels = deployment.spec?.template.metadata?.labels;
      const antiAffinity = [
        ...(
          spec?.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []
        ).map((term) => term.podAffinityTerm),
        ...(spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []),
      ];
      const spread = [...antiAffinity, ...(spec?.topologySpreadConstraints ?? [])].filter(
        (term) =>
          term.topologyKey === 'kubernetes.io/hostname' && selects(term.labelSelector, labels),
      );
      expect(spread.length, `${app} spread over nodes`).toBeGreaterThan(0);
    }
  });
});

/** A Kubernetes quantity (250m, 1, 384Mi, 1Gi) as a number of cores or bytes. */
function quantity(value: string | number | undefined): number {
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(value ?? '');
  if (!match) throw new Error(`not a quantity: ${value}`);
  const factors: Record<string, number> = {
    m: 1e-3,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
  };
  return Number(match[1]) * (match[2] ? (factors[match[2]] as number) : 1);
}
