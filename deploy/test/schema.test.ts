// Every rendered object is checked against the Kubernetes API schemas
// (kubernetes-models 4.5.1: the OpenAPI definitions of Kubernetes 1.33, compiled with ajv).
// They check types, formats and required fields; like the API's own OpenAPI document they
// allow unknown fields, so a misspelled field passes here: the promise tests assert the
// fields that matter by name.
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { type KubeObject, overlayNames, renderOverlay } from './render';

interface Model {
  validate(): void;
}

/** The kinds the manifests may use; anything else fails until it is added here. */
const models: Record<string, new (data: never) => Model> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

/** The schema's complaints about an object, or [] when it is valid. */
function schemaErrors(object: KubeObject): string[] {
  const Model = models[`${object.apiVersion}/${object.kind}`];
  if (!Model)
    return [`no schema for ${object.apiVersion} ${object.kind} (add it to schema.test.ts)`];
  try {
    new Model(object as never).validate();
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

describe('the overlays', () => {
  it('are small and production (at least)', () => {
    expect(overlayNames).toEqual(expect.arrayContaining(['small', 'production']));
  });
});

describe.each(overlayNames)('overlays/%s', (overlay) => {
  it('renders and every object is valid against the Kubernetes schemas', () => {
    const objects = renderOverlay(overlay);
    expect(objects.length).toBeGreaterThan(0);
    const problems = objects.flatMap((object) =>
      schemaErrors(object).map((error) => `${object.kind} ${object.metadata.name}: ${error}`),
    );
    expect(problems).toEqual([]);
  });

  it('puts everything in one namespace, each name once per kind', () => {
    const objects = renderOverlay(overlay);
    expect(new Set(objects.map((object) => object.metadata.namespace))).toEqual(
      new Set(['wordloom']),
    );
    const keys = objects.map((object) => `${object.kind}/${object.metadata.name}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});

describe('the schema check itself', () => {
  it('refuses a Deployment with a wrong type, a missing field and an unknown kind', () => {
    const [deployment] = renderOverlay('small').filter((object) => object.kind === 'Deployment');
    if (!deployment) throw new Error('no Deployment rendered');
    const broken = structuredClone(deployment) as KubeObject & { spec: Record<string, unknown> };
    broken.spec.replicas = 'two';
    expect(schemaErrors(broken).join()).toMatch(/replicas must be integer/);

    const noTemplate = structuredClone(deployment) as KubeObject & {
      spec: Record<string, unknown>;
    };
    delete noTemplate.spec.template;
    expect(schemaErrors(noTemplate).join()).toMatch(/template/);

    expect(schemaErrors({ ...deployment, apiVersion: 'apps/v1beta1' })).toEqual([
      'no schema for apps/v1beta1 Deployment (add it to schema.test.ts)',
    ]);
  });
});
