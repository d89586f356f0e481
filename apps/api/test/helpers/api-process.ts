import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface SpawnedApi {
  child: ChildProcess;
  /** What it printed so far, stdout and stderr together. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Runs `entry` (a path inside apps/api, e.g. 'src/server.ts') in its own Node
 * process under tsx, on 127.0.0.1, with NODE_ENV=test and `env` over this one's.
 */
export function spawnApi(entry: string, env: Record<string, string>): SpawnedApi {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      API_HOST: '127.0.0.1',
      TSX_TSCONFIG_PATH: 'tsconfig.runtime.json',
      // Tests run many APIs at once: no metrics port unless a test asks for one.
      API_METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}
