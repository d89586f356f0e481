#!/bin/sh
# Assembles one app's run-time folder: what its image's final stage copies, and what
# the deploy test (test/deploy.test.ts) starts with nothing else around it.
#
#   tooling/images/assemble.sh <api|marketing|admin> <empty folder>
#
# Run from the root of a workspace (the repository, or turbo prune's output) after the
# app's build. The folder gets the app's package.json, its production dependencies
# (pnpm deploy --prod) without type declarations, source maps or TypeScript, and the
# app's build output and run-time files, named one by one below.
set -eu
app=$1
out=$2
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "assemble.sh: $out is not empty" >&2
  exit 1
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT

pnpm --filter "@repo/$app" deploy --prod --legacy "$staging/deployed" >/dev/null
mv "$staging/deployed/node_modules" "$out/node_modules"
cp "apps/$app/package.json" "$out/package.json"

case "$app" in
  api)
    # The bundle (tsup) inlines every @repo package: their copies are not needed.
    rm -rf "$out/node_modules/@repo" "$out"/node_modules/.pnpm/@repo+*
    # The embedded development database (PGlite, about 21 MB): @repo/db loads it only
    # without DATABASE_URL, which the image never runs without.
    rm -rf "$out"/node_modules/.pnpm/@electric-sql+pglite@* \
      "$out"/node_modules/.pnpm/kysely-pglite-dialect@*
    # Prettier's language plugins (9 MB): @react-email/render formats HTML only
    # (prettier/standalone and prettier/plugins/html). Room for sharp's libvips (issue 23).
    for plugins in "$out"/node_modules/.pnpm/prettier@3.*/node_modules/prettier/plugins; do
      if [ -d "$plugins" ]; then find "$plugins" -type f ! -name 'html.js' ! -name 'html.mjs' -delete; fi
    done
    cp -R apps/api/dist "$out/dist"
    mkdir "$out/data"
    # Read at run time (src/runtime-files.ts): the first at its default place, the
    # posts through BLOG_POSTS_DIR, which the image sets to /app/data/posts.
    cp apps/api/data/common-passwords.txt "$out/data/common-passwords.txt"
    cp -R packages/db/content/posts "$out/data/posts"
    ;;
  marketing)
    # build/server holds the Remix server build, build/client the browser's files.
    cp -R apps/marketing/build "$out/build"
    mkdir "$out/server"
    cp apps/marketing/server/*.js "$out/server/"
    ;;
  admin)
    cp -R apps/admin/dist "$out/dist"
    mkdir "$out/server"
    cp apps/admin/server/*.js "$out/server/"
    ;;
  *)
    echo "assemble.sh: unknown app $app (api, marketing or admin)" >&2
    exit 1
    ;;
esac

# Nothing a server runs: type declarations and source maps of dependencies, and
# TypeScript, which pnpm installs as an optional peer of Remix's packages.
find "$out/node_modules" -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
  -o -name '*.map' -o -name '*.tsbuildinfo' \) -delete
rm -rf "$out"/node_modules/.pnpm/typescript@* "$out"/node_modules/.pnpm/@types+*
find "$out/node_modules" -xtype l -delete
# Scopes left empty by the removals above.
find "$out/node_modules" -mindepth 1 -maxdepth 1 -type d -empty -delete
