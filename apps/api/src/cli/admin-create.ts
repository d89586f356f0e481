/**
 * Creates an active staff account without the web, e.g. the first admin of an
 * installation:
 *
 *   pnpm --filter @repo/api admin:create --username ada --email ada@example.com --name "Ada L"
 *
 * The password comes from --password, the ADMIN_PASSWORD variable, or a prompt
 * on a terminal. The database is the API's (DATABASE_URL, else the embedded one,
 * which must not be open in a running API at the same time). New-password rules
 * apply. Exits 0 on success, 1 with a message otherwise.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createDatabase } from '@repo/db';
import { recordAudit, systemActor } from '../audit/audit-log';
import { ConfigError, loadConfig, processEnvironment } from '../config';
import { AppError, parseWith } from '../errors';
import { prepareDatabase } from '../prepare-database';
import { hashPassword } from '../auth/password';
import { serverRegisterSchema } from '../auth/password-policy';
import { insertUser, lockRegistrations, usernameOrEmailTaken } from '../auth/users-repository';

class CliError extends Error {}

const USAGE =
  'Usage: pnpm --filter @repo/api admin:create --username <name> --email <address> --name <full name> [--password <password>]\n' +
  'The password may also come from ADMIN_PASSWORD, or is asked for on a terminal.';

/** Reads a line without echoing it (a password typed on a terminal). */
async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(flag: string | undefined): Promise<string> {
  if (flag !== undefined) return flag;
  const fromEnv = processEnvironment().ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) return promptHidden('Password: ');
  throw new CliError('No password: pass --password, set ADMIN_PASSWORD, or run on a terminal.');
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const input = {
    username: values.username,
    email: values.email,
    name: values.name,
    password: await readPassword(values.password as string | undefined),
  };
  let account: { username: string; email: string; name: string; password: string };
  try {
    account = parseWith(serverRegisterSchema, input);
  } catch (error) {
    if (error instanceof AppError && error.issues) {
      const lines = error.issues.map((issue) => `  --${issue.path}: ${issue.message}`);
      throw new CliError(`Invalid input:\n${lines.join('\n')}\n${USAGE}`);
    }
    throw error;
  }

  // The command needs only the database settings; the web secrets are not its business.
  const set = Object.fromEntries(Object.entries(processEnvironment()).filter(([, value]) => value));
  const config = loadConfig({
    SESSION_SECRET: 'admin-create-cli-does-not-use-sessions-000000',
    UNSUBSCRIBE_SECRET: 'admin-create-cli-does-not-send-unsubscribe-links',
    POST_PREVIEW_SECRET: 'admin-create-cli-does-not-sign-post-preview-links',
    ...set,
  });
  const database = config.DATABASE_URL
    ? await createDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 })
    : await createDatabase({ kind: 'embedded', dataDir: path.resolve(config.PGLITE_DATA_DIR) });
  try {
    await prepareDatabase(database.db, { referralBoost: config.REFERRAL_BOOST_PLACES });
    const passwordHash = await hashPassword(account.password);
    const user = await database.db.transaction().execute(async (trx) => {
      await lockRegistrations(trx);
      if (await usernameOrEmailTaken(trx, account.username, account.email)) {
        throw new CliError(
          `The username "${account.username}" or the email ${account.email} is already registered.`,
        );
      }
      const created = await insertUser(trx, {
        username: account.username,
        email: account.email,
        name: account.name,
        passwordHash,
        status: 'active',
      });
      await recordAudit(trx, systemActor('admin:create (command line)'), {
        action: 'account.create_cli',
        targetType: 'user',
        targetId: created.id,
      });
      return created;
    });
    console.log(
      `Created the active account "${user.username}" (${user.email}, id ${user.id}). Sign in to the admin console with it.`,
    );
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof CliError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error('admin:create failed:', error);
    }
    process.exit(1);
  },
);
