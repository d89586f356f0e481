import { describeMetricsAndRequestIds } from '@repo/e2e';

// Everything under /api goes through @fastify/http-proxy's one route: that is its label.
describeMetricsAndRequestIds('admin', { proxiedRoute: '/api/*' });
