import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';

/** Seconds a shed client is asked to wait. */
const RETRY_AFTER_SECONDS = 5;

class OverloadedError extends AppError {
  constructor() {
    super(503, 'The server is busy, please try again shortly', 'overloaded');
  }
}

/**
 * Sheds load before latency runs away: while the event loop lags or the heap is
 * full, new requests get 503 with Retry-After in the JSON error contract at once,
 * instead of queueing behind work the process cannot finish in time. A load
 * balancer moves the traffic to another instance; a browser form retries later.
 */
export default fp(
  async function loadShedding(fastify: FastifyInstance) {
    const { config } = fastify;
    const maxEventLoopDelay = config.LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS;
    const maxHeapUsedBytes = config.LOAD_SHEDDING_MAX_HEAP_MB * 1024 * 1024;
    if (!maxEventLoopDelay && !maxHeapUsedBytes) return;
    await fastify.register(underPressure, {
      maxEventLoopDelay,
      maxHeapUsedBytes,
      sampleInterval: 250,
      retryAfter: RETRY_AFTER_SECONDS,
      // Rendered by the error handler like every other error of the contract.
      customError: OverloadedError,
    });
  },
  { name: 'load-shedding', dependencies: ['config'] },
);
