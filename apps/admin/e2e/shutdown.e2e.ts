import { describeGracefulShutdown } from '@repo/e2e';

// Graceful shutdown of the admin console server (issue 9, "Faults"): the checks are
// the marketing server's too (tooling/e2e/src/shutdown.ts).
describeGracefulShutdown('admin', 'admin console server');
