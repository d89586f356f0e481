import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './create-database';

export interface TestDatabase extends DatabaseHandle {
  /** Connection string of the fresh database (Postgres only). */
  url?: string;
  /** Closes the connections and drops the database. */
  destroy: () => Promise<void>;
}

/**
 * A fresh, empty database for one test file: a newly created database on the
 * server named by TEST_DATABASE_URL, or an in-memory embedded PostgreSQL.
 */
export async function createTestDatabase(
  serverUrl: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<TestDatabase> {
  if (!serverUrl) {
    const handle = await createDatabase({ kind: 'embedded' });
    return { ...handle, destroy: handle.close };
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
