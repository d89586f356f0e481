import { loginSchema, registerSchema } from '@repo/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, conflict, forbidden, parseWith, unauthorized } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { hashPassword, timingDummyHash, verifyPassword } from './password';
import {
  countUsers,
  findUserById,
  findUserForLogin,
  insertUser,
  lockRegistrations,
  type PublicUser,
  usernameOrEmailTaken,
} from './users-repository';

export const REGISTRATION_CLOSED_MESSAGE =
  'Registration is closed: only staff with an approved company email address can create an account. Ask an administrator for access.';

/** Starts a fresh session for `user`; a new id defeats session fixation. */
async function signIn(request: FastifyRequest, user: PublicUser): Promise<void> {
  await request.session.regenerate();
  request.session.userId = user.id;
  await request.session.save();
}

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export default async function authRoutes(fastify: FastifyInstance) {
  const { config, db } = fastify;
  const authLimit = perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_AUTH_MAX);

  fastify.get('/user', async (request) => {
    const userId = request.session.userId;
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) throw unauthorized('Not authenticated');
    return user;
  });

  fastify.post('/login', { config: authLimit }, async (request) => {
    const { username, password } = parseWith(loginSchema, request.body);
    const found = await findUserForLogin(db, username);
    // Verify against a dummy hash when the user is unknown, so timing does not reveal usernames.
    const valid = await verifyPassword(password, found?.passwordHash ?? (await timingDummyHash));
    if (!found || !valid)
      throw new AppError(401, 'Invalid username or password', 'invalid_credentials');
    const { passwordHash: _hash, ...user } = found;
    await signIn(request, user);
    return user;
  });

  fastify.post('/register', { config: authLimit }, async (request, reply) => {
    const input = parseWith(registerSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction().execute(async (trx) => {
      await lockRegistrations(trx);
      // The first account ever is allowed; after that only allow-listed staff domains.
      const isFirstAccount = (await countUsers(trx)) === 0;
      if (!isFirstAccount && !config.ADMIN_EMAIL_DOMAINS.includes(emailDomain(input.email))) {
        throw forbidden(REGISTRATION_CLOSED_MESSAGE, 'registration_closed');
      }
      if (await usernameOrEmailTaken(trx, input.username, input.email)) {
        throw conflict('That username or email is already registered', 'duplicate_user');
      }
      return insertUser(trx, {
        username: input.username,
        email: input.email,
        name: input.name,
        passwordHash,
      });
    });
    await signIn(request, user);
    return reply.status(201).send(user);
  });

  fastify.post('/logout', async (request) => {
    if (request.session.userId) await request.session.destroy();
    return { message: 'Logged out' };
  });
}
