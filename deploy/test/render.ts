// Renders the kustomize overlays with `kubectl kustomize` (no cluster needed) and
// gives the tests typed views of the rendered objects.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { parseAllDocuments } from 'yaml';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * deploy/kubernetes, or a copy of it (DEPLOY_KUBERNETES_DIR): the copy is how a
 * manifest is broken on purpose to see a test fail, without touching the checkout.
 */
export const kubernetesDir = process.env.DEPLOY_KUBERNETES_DIR
  ? path.resolve(process.env.DEPLOY_KUBERNETES_DIR)
  : path.join(repositoryRoot, 'deploy', 'kubernetes');

export const overlayNames = readdirSync(path.join(kubernetesDir, 'overlays'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** A rendered object: apiVersion, kind and metadata at least. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

function findKubectl(): string {
  const candidates = [
    process.env.KUBECTL,
    '/usr/bin/kubectl',
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'kubectl')),
  ].filter((candidate): candidate is string => Boolean(candidate));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error(
    'kubectl not found (looked at $KUBECTL, /usr/bin/kubectl and $PATH): the manifests are rendered ' +
      'with `kubectl kustomize` (kubectl 1.27 or newer, no cluster needed). Install kubectl or set KUBECTL.',
  );
}

/** `kubectl kustomize <dir>`, parsed: every object of the render. */
export function renderKustomization(dir: string): KubeObject[] {
  let output: string;
  try {
    output = execFileSync(findKubectl(), ['kustomize', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`kubectl kustomize ${dir} failed: ${stderr || String(error)}`, {
      cause: error,
    });
  }
  const objects: KubeObject[] = [];
  for (const document of parseAllDocuments(output)) {
    if (document.errors.length > 0) {
      throw new Error(`the render of ${dir} is not valid YAML: ${document.errors[0]?.message}`);
    }
    const value: unknown = document.toJS();
    if (value !== null) objects.push(value as KubeObject);
  }
  return objects;
}

const renders = new Map<string, KubeObject[]>();

/** The objects of overlays/<name>, rendered once per test file. */
export function renderOverlay(name: string): KubeObject[] {
  let objects = renders.get(name);
  if (!objects) {
    objects = renderKustomization(path.join(kubernetesDir, 'overlays', name));
    renders.set(name, objects);
  }
  return objects;
}

function ofKind<T>(objects: KubeObject[], kind: string): (T & KubeObject)[] {
  return objects.filter((object) => object.kind === kind) as (T & KubeObject)[];
}

export type Deployment = IDeployment & KubeObject;

export const deployments = (objects: KubeObject[]) => ofKind<IDeployment>(objects, 'Deployment');
export const services = (objects: KubeObject[]) => ofKind<IService>(objects, 'Service');
export const configMaps = (objects: KubeObject[]) => ofKind<IConfigMap>(objects, 'ConfigMap');
export const ingresses = (objects: KubeObject[]) => ofKind<IIngress>(objects, 'Ingress');
export const autoscalers = (objects: KubeObject[]) =>
  ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
export const disruptionBudgets = (objects: KubeObject[]) =>
  ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
export const networkPolicies = (objects: KubeObject[]) =>
  ofKind<INetworkPolicy>(objects, 'NetworkPolicy');

/** The app a Deployment runs (its app.kubernetes.io/name label): api, marketing or admin. */
export function appOf(deployment: Deployment): string {
  const name = deployment.spec?.template.metadata?.labels?.['app.kubernetes.io/name'];
  if (!name) throw new Error(`${deployment.metadata.name} has no app.kubernetes.io/name label`);
  return name;
}

export function containersOf(deployment: Deployment): IContainer[] {
  return [
    ...(deployment.spec?.template.spec?.initContainers ?? []),
    ...(deployment.spec?.template.spec?.containers ?? []),
  ];
}

/**
 * The environment a Deployment's container gets from its ConfigMaps (envFrom, in
 * order, then env values), as the kubelet builds it.
 */
export function configEnvironment(
  objects: KubeObject[],
  container: IContainer,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const name = source.configMapRef?.name;
    if (!name) continue;
    const configMap = configMaps(objects).find((candidate) => candidate.metadata.name === name);
    if (!configMap) throw new Error(`ConfigMap ${name} is referenced but not rendered`);
    Object.assign(environment, configMap.data ?? {});
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) environment[variable.name] = variable.value;
  }
  return environment;
}

/** Whether a label selector's matchLabels all hold for `labels` (the manifests use matchLabels). */
export function selects(
  selector: { matchLabels?: Record<string, string> } | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  const wanted = Object.entries(selector?.matchLabels ?? {});
  return wanted.length > 0 && wanted.every(([key, value]) => labels?.[key] === value);
}
