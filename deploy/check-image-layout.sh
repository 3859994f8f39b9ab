#!/usr/bin/env bash
# No Docker engine runs on our CI machines, so this builds the Dockerfile's
# runtime layout by hand, step for step (production dependencies of the server
# only, the bundled server, migrations and the built web app), starts it with
# NODE_ENV=production and the image's jemalloc preload as the image would, and
# checks that it serves and that jemalloc is really loaded.
# Needs `npm run build` to have run. Usage: bash deploy/check-image-layout.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/studio-image.XXXXXX)
trap 'kill "${PID:-0}" 2>/dev/null || true; rm -rf "$WORK"' EXIT

# The allocator as production loads it: the Dockerfile's ENV (and the systemd unit,
# which must say the same) preload jemalloc. Read from the files, so the check runs
# what ships; one that no longer preloads it fails here.
env_of() { sed -n "s/^[[:space:]]*\(Environment=\)\{0,1\}$1=\([^[:space:]\\]*\).*/\2/p" "$2" | head -n 1; }
LD_PRELOAD_IMAGE=$(env_of LD_PRELOAD "$ROOT/Dockerfile")
MALLOC_CONF_IMAGE=$(env_of MALLOC_CONF "$ROOT/Dockerfile")
case "$LD_PRELOAD_IMAGE" in
  *libjemalloc*) ;;
  *) echo "Dockerfile: the runtime image no longer preloads jemalloc (LD_PRELOAD)" >&2; exit 1 ;;
esac
for unit_var in LD_PRELOAD MALLOC_CONF; do
  image_value=$(env_of "$unit_var" "$ROOT/Dockerfile")
  unit_value=$(env_of "$unit_var" "$ROOT/deploy/systemd/studio@.service")
  if [ "$image_value" != "$unit_value" ]; then
    echo "deploy/systemd/studio@.service: $unit_var=$unit_value, the image has $image_value" >&2; exit 1
  fi
done

# Stage "deps": package manifests only, then production dependencies of the server.
mkdir -p "$WORK/packages/shared" "$WORK/apps/server" "$WORK/apps/web"
cp "$ROOT/package.json" "$ROOT/package-lock.json" "$WORK/"
for ws in packages/shared apps/server apps/web; do cp "$ROOT/$ws/package.json" "$WORK/$ws/"; done
(cd "$WORK" && npm ci --omit=dev --workspace apps/server --workspace apps/web --no-audit --no-fund --loglevel=error >/dev/null \
  && rm -rf node_modules/typescript)

# Stage "runtime": the build output only.
mkdir -p "$WORK/apps/web/build"
cp -r "$ROOT/apps/server/dist" "$ROOT/apps/server/drizzle" "$WORK/apps/server/"
cp -r "$ROOT/apps/web/build/client" "$WORK/apps/web/build/"
if [ -d "$ROOT/apps/web/build/ssr" ]; then cp -r "$ROOT/apps/web/build/ssr" "$WORK/apps/web/build/"; fi
# What the build writes beside the bundle for a fast start (src/build-artefacts.ts): without
# them the server still starts, only slower, so nothing else would notice their absence.
for artefact in polish-dictionary.bin empty-database/PG_VERSION; do
  if [ ! -s "$WORK/apps/server/dist/$artefact" ]; then echo "apps/server/dist/$artefact is missing" >&2; exit 1; fi
done

# The web app's server build, with which the server renders the signed-in Kontakt screen:
# without it, or with a package it imports missing, production silently sends the
# prerendered page to everyone. So it is imported here from the layout, and renders.
if [ ! -s "$WORK/apps/web/build/ssr/index.js" ]; then echo "apps/web/build/ssr is missing" >&2; exit 1; fi
(cd "$WORK" && node --input-type=module -e "
  const build = await import('./apps/web/build/ssr/index.js');
  const entry = build.entry.module;
  for (const name of ['createRequestHandler', 'signedInPlan', 'signedInState', 'signedInPage']) {
    if (typeof entry[name] !== 'function') throw new Error('the server build lacks ' + name);
  }
  const answer = await entry.createRequestHandler(build, 'production')(new Request('http://localhost/contact/'));
  const html = await answer.text();
  if (answer.status !== 200 || !html.includes('<main')) throw new Error('the server build rendered /contact as ' + answer.status);
") || { echo "apps/web/build/ssr does not load or render in the image's layout" >&2; exit 1; }
echo "web server build: loads and renders with the image's packages"

for dev in vite vitest typescript @biomejs esbuild tsx; do
  if [ -e "$WORK/node_modules/$dev" ]; then echo "dev dependency $dev in the production layout" >&2; exit 1; fi
done

PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
DATA=$(mktemp -d "$WORK/data.XXXX")
# http on loopback only: ALLOW_INSECURE_HTTP=1 (production refuses http:// otherwise).
# `exec`, so $PID is the server itself, whose memory map is checked below.
(cd "$WORK" && LD_PRELOAD=$LD_PRELOAD_IMAGE MALLOC_CONF=$MALLOC_CONF_IMAGE \
  NODE_ENV=production HOST=127.0.0.1 PORT=$PORT DATA_DIR=$DATA SMTP_URL=smtp://127.0.0.1:9 \
  ALLOW_INSECURE_HTTP=1 MAIL_FROM="Studio <no-reply@studio.test>" \
  STUDIO_NAME="Pracownia Testowa" STUDIO_ADDRESS="ul. Długa 5, 31-147 Kraków" STUDIO_NIP=5260250995 \
  STUDIO_REGON=123456785 STUDIO_EMAIL=biuro@studio.test STUDIO_PHONE="+48 12 345 67 89" \
  LOG_LEVEL=warn exec node apps/server/dist/main.js) &
PID=$!
for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 0.2; done

# The preload took effect: the running server has jemalloc mapped. A library that is
# not installed only makes ld.so print a warning and run glibc's malloc, so look.
if [ -r "/proc/$PID/maps" ]; then
  if ! grep -q 'libjemalloc' "/proc/$PID/maps"; then
    echo "the server runs without jemalloc although LD_PRELOAD=$LD_PRELOAD_IMAGE (install libjemalloc2)" >&2; exit 1
  fi
  echo "allocator: jemalloc preloaded ($LD_PRELOAD_IMAGE, MALLOC_CONF=$MALLOC_CONF_IMAGE)"
else
  echo "no /proc/$PID/maps (not Linux): the jemalloc preload is not checked"
fi

check() { # path expected-status
  local got; got=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT$1")
  if [ "$got" != "$2" ]; then echo "GET $1 answered $got, expected $2" >&2; exit 1; fi
}
check /api/health 200
check / 200
check /team 200
check /nie-ma-takiej-strony 404
check /dev/outbox 404   # development only
# The studio's details are written into the prerendered pages as they are sent.
HOME_HTML=$(curl -s "http://127.0.0.1:$PORT/")
if ! grep -q '5260250995' <<<"$HOME_HTML"; then echo "/ lacks STUDIO_NIP" >&2; exit 1; fi
if grep -q 'uzupełnij' <<<"$HOME_HTML"; then echo "/ shows a placeholder" >&2; exit 1; fi
# The image's HEALTHCHECK command, as written in the Dockerfile.
PORT=$PORT node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# The proxy of compose.yaml and the systemd setup, with deploy/Caddyfile as it is
# (plain HTTP on a local port instead of a certificate for a real domain).
if command -v caddy >/dev/null 2>&1; then
  CPORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  DOMAIN="http://127.0.0.1:$CPORT" UPSTREAMS="127.0.0.1:$PORT" XDG_DATA_HOME="$WORK/caddy" XDG_CONFIG_HOME="$WORK/caddy" \
    caddy run --config "$ROOT/deploy/Caddyfile" --adapter caddyfile >"$WORK/caddy.log" 2>&1 &
  CADDY=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$CPORT/api/health" >/dev/null && break; sleep 0.1; done
  PORT_SAVE=$PORT; PORT=$CPORT
  check /api/health 200
  check / 200
  check /nie-ma-takiej-strony 404
  PORT=$PORT_SAVE
  kill "$CADDY"; wait "$CADDY" 2>/dev/null || true
  echo "deploy/Caddyfile: proxies the site and API"
else
  echo "caddy not installed: deploy/Caddyfile not exercised"
fi

kill -TERM "$PID"; wait "$PID"
echo "image layout: production dependencies only, serves the site and API, stops cleanly on SIGTERM"
