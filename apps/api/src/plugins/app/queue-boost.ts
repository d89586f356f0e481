import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { useReferralBoost } from '../../waitlist/queue';

/**
 * Issue 32: the stored queue keys follow REFERRAL_BOOST_PLACES. At start, before
 * any request, a changed boost recomputes the keys with referrals (once, under a
 * table lock: the instances that start next find it done).
 */
export default fp(
  async function queueBoost(fastify: FastifyInstance) {
    const { config, db, log } = fastify;
    if (await useReferralBoost(db, config.REFERRAL_BOOST_PLACES)) {
      log.info(
        { referralBoost: config.REFERRAL_BOOST_PLACES },
        'queue keys recomputed for a new referral boost',
      );
    }
  },
  { name: 'queue-boost', dependencies: ['config', 'db'] },
);
