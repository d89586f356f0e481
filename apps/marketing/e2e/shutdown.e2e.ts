import { describeGracefulShutdown } from '@repo/e2e';

// Graceful shutdown of the marketing server (issue 9, "Faults"): the checks are
// the console server's too (tooling/e2e/src/shutdown.ts).
describeGracefulShutdown('marketing', 'marketing server');
