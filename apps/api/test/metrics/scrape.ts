import type { Registry } from 'prom-client';

/** The value of one sample in a registry (undefined when absent), labels matched exactly. */
export async function sampleOf(
  registry: Registry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  for (const metric of await registry.getMetricsAsJSON()) {
    for (const value of metric.values as {
      value: number;
      labels: Record<string, string | number>;
      metricName?: string;
    }[]) {
      if ((value.metricName ?? metric.name) !== name) continue;
      const keys = Object.keys(labels);
      if (Object.keys(value.labels).length !== keys.length) continue;
      if (keys.every((key) => String(value.labels[key]) === labels[key])) return value.value;
    }
  }
  return undefined;
}

/** Every value a label takes on a metric. */
export async function labelValues(registry: Registry, name: string, label: string) {
  const found = new Set<string>();
  for (const metric of await registry.getMetricsAsJSON()) {
    if (metric.name !== name) continue;
    for (const value of metric.values as { labels: Record<string, string | number> }[]) {
      if (value.labels[label] !== undefined) found.add(String(value.labels[label]));
    }
  }
  return found;
}

/** A sample's value in Prometheus text (summed over every series whose labels include `labels`). */
export function sumInText(text: string, name: string, labels: Record<string, string> = {}) {
  let total = 0;
  let found = false;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) {
      total += Number(match[3]);
      found = true;
    }
  }
  return found ? total : undefined;
}
