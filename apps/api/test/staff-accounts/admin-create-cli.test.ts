import { spawn } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@repo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** Runs `pnpm --filter @repo/api admin:create` (its script) with `args`. */
function adminCreate(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.runtime.json',
      DATABASE_URL: database.url!,
      NODE_ENV: '',
      SESSION_SECRET: '',
      UNSUBSCRIBE_SECRET: '',
      POST_PREVIEW_SECRET: '',
      ADMIN_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('admin:create', () => {
  it('creates an active account on a fresh database (migrating it) and exits 0', async () => {
    const result = await adminCreate(
      ['--username', 'operator', '--email', 'ops@example.com', '--name', 'The Operator'],
      { ADMIN_PASSWORD: 'a-long-password' },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created the active account "operator"');
    const user = await database.db
      .selectFrom('users')
      .select(['username', 'status', 'passwordHash'])
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: 'operator', status: 'active' });
    expect(user.passwordHash).toMatch(/^scrypt\$131072\$/);
    const audit = await database.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'account.create_cli')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('exits 1 with a clear message on a taken username or email', async () => {
    const result = await adminCreate([
      '--username',
      'Operator',
      '--email',
      'other@example.com',
      '--name',
      'Again',
      '--password',
      'a-long-password',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('already registered');
  });

  it('exits 1 on bad input, applying the password policy, and without a password', async () => {
    const common = await adminCreate([
      '--username',
      'second',
      '--email',
      'not-an-email',
      '--name',
      'Second',
      '--password',
      'password1',
    ]);
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('--email: Please enter a valid email');
    expect(common.stderr).toContain('--password: This password is too common: choose another one.');
    const none = await adminCreate([
      '--username',
      'third',
      '--email',
      't@example.com',
      '--name',
      'Third',
    ]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No password');
    const users = await database.db.selectFrom('users').select('username').execute();
    expect(users).toEqual([{ username: 'operator' }]);
  });
});
