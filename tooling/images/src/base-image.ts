// Makes the base image the Dockerfiles build on when no image registry is reachable:
// Debian bookworm (debootstrap --variant=minbase) plus this machine's node and npm,
// trusting this machine's CA certificates (NODE_EXTRA_CA_CERTS), so that the build
// stage can reach the npm registry through whatever intercepts TLS here.
//
// The image is tagged by the Node version it carries; a second run finds the tag and
// reuses it. Run as root: `pnpm --filter @repo/images base-image` prints the tag.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CA_FILE = '/etc/ssl/certs/ca-certificates.crt';

/** wordloom/node-base:bookworm-node20.20.2, for the node running this script. */
export function baseImageTag(): string {
  return `wordloom/node-base:bookworm-node${process.versions.node}`;
}

function imageExists(tag: string): boolean {
  return spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0;
}

/** The tag of the local base image, made first if it is not there yet. */
export function ensureBaseImage(log: (line: string) => void = console.log): string {
  const tag = baseImageTag();
  if (imageExists(tag)) {
    log(`base image ${tag} is there: reused`);
    return tag;
  }
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'wordloom-base-'));
  const root = path.join(work, 'rootfs');
  try {
    log(`base image ${tag}: debootstrap --variant=minbase bookworm (about a minute)`);
    execFileSync(
      'debootstrap',
      ['--variant=minbase', 'bookworm', root, 'http://deb.debian.org/debian'],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    // This machine's node, and npm (the Dockerfiles' build stage installs pnpm with it).
    const nodeBinary = realpathSync(process.execPath);
    const npmDirectory = path.join(path.dirname(nodeBinary), '..', 'lib', 'node_modules', 'npm');
    mkdirSync(path.join(root, 'usr/local/bin'), { recursive: true });
    cpSync(nodeBinary, path.join(root, 'usr/local/bin/node'));
    cpSync(npmDirectory, path.join(root, 'usr/local/lib/node_modules/npm'), { recursive: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(root, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(root, 'usr/local/bin/npx'));
    mkdirSync(path.join(root, 'etc/ssl/certs'), { recursive: true });
    cpSync(CA_FILE, path.join(root, 'etc/ssl/certs/ca-certificates.crt'));
    // Nothing of apt's caches or lists is needed at run time.
    for (const folder of ['var/cache/apt', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man']) {
      rmSync(path.join(root, folder), { recursive: true, force: true });
      mkdirSync(path.join(root, folder), { recursive: true });
    }
    const tar = spawnSync(
      'sh',
      [
        '-c',
        'tar -C "$0" -c . | docker import ' +
          '--change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" ' +
          `--change "ENV NODE_EXTRA_CA_CERTS=${CA_FILE}" ` +
          '--change "CMD [\\"node\\"]" - "$1"',
        root,
        tag,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (tar.status !== 0) throw new Error(`docker import failed (status ${tar.status})`);
    log(`base image ${tag} made in ${Math.round((Date.now() - started) / 1000)} s`);
    return tag;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ensureBaseImage((line) => console.error(line)));
}
