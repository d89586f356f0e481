import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireLapsedInvitations } from '../../beta/invitation-expiry';

/**
 * Lapsed invitations are removed, and their seats refilled, this often; the first
 * run comes one interval after the start (a lapsed invitation holds no seat
 * meanwhile: the count never waits for this job).
 */
const EXPIRY_INTERVAL_MS = 5 * 60 * 1000;

interface InvitationExpiryPluginOptions {
  /** Run on a timer (the server does; tests call expireLapsedInvitations). */
  startTimer: boolean;
}

/** Issue 11: lapsed beta invitations free their seats (and auto-fill refills them). */
export default fp(
  async function invitationExpiry(
    fastify: FastifyInstance,
    options: InvitationExpiryPluginOptions,
  ) {
    if (!options.startTimer) return;
    const { config, db, log, mailer } = fastify;
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = expireLapsedInvitations(db, { mailer, config })
        .then(({ expired, invited }) => {
          if (expired > 0 || invited > 0) {
            log.info({ expired, invited }, 'lapsed beta invitations removed, seats refilled');
          }
        })
        .catch((error: unknown) => log.error({ err: error }, 'beta invitation expiry failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let every: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      // unref: the timer never keeps a stopping process alive.
      every = setInterval(run, EXPIRY_INTERVAL_MS).unref();
    });
    // preClose runs before the database is closed: a run under way finishes first.
    fastify.addHook('preClose', async () => {
      clearInterval(every);
      await running;
    });
  },
  { name: 'invitation-expiry', dependencies: ['config', 'db', 'email'] },
);
