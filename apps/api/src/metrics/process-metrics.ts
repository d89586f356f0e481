import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { AggregatorRegistry, collectDefaultMetrics, type Registry } from 'prom-client';
import { type MetricsListenerOptions, startMetricsListener } from './listener';

/**
 * What only a running API process does with its metrics (never buildApp: the tests
 * build hundreds of apps and must bind no port): add Node's default metrics (event
 * loop delay, heap, GC, CPU, handles) and serve them on API_METRICS_PORT. A cluster
 * worker serves nothing itself: it answers the primary (src/cluster.ts), which
 * serves the sum of its workers on that port.
 */
export async function exposeProcessMetrics(
  registry: Registry,
  where: MetricsListenerOptions,
): Promise<Server | undefined> {
  if (where.port === 0) return undefined;
  collectDefaultMetrics({ register: registry });
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    // Constructing one is what makes a worker answer the primary's requests.
    new AggregatorRegistry();
    return undefined;
  }
  return startMetricsListener(registry, where);
}

/** The cluster primary's /metrics: each worker's registry, summed (gauges as each declares). */
export async function exposeClusterMetrics(
  where: MetricsListenerOptions,
): Promise<Server | undefined> {
  if (where.port === 0) return undefined;
  const aggregator = new AggregatorRegistry();
  return startMetricsListener(
    { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() },
    where,
  );
}
