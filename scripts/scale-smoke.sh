#!/usr/bin/env bash
# The compose `scale` profile end to end (issue 38): builds the image, starts PostgreSQL, Redis, the two
# replicas and Caddy from docker-compose.yml, then checks through the proxy: sign-in; a setting saved
# through the proxy is what each replica renders; the collaboration socket upgrades; the empty database
# was seeded once; no workflow step failed; with one replica stopped the proxy still serves. Uses docker compose when a Docker engine answers; otherwise podman and
# podman-compose, with stand-ins (scripts/standins/) for images this machine cannot pull.
#
# Usage: bash scripts/scale-smoke.sh          (run npm ci first: podman may need scripts/container-base.sh)
# Env:   SCALE_PORT (default 8480), SMOKE_KEEP=1 (leave the containers and volumes)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

PROJECT="studio-scale-smoke"
SERVICES=(postgres redis studio-a studio-b proxy)
export SCALE_PORT="${SCALE_PORT:-8480}"
export STUDIO_URL="http://localhost:$SCALE_PORT"
export STUDIO_SECRET_KEY="${STUDIO_SECRET_KEY:-$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')}"
BASE_URL="$STUDIO_URL"
TMP="$(mktemp -d)"
FAILURES=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*" >&2; FAILURES=$((FAILURES + 1)); }
die() { echo "FAIL: $*" >&2; exit 1; }
info() { echo "---- $*"; }

if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  ENGINE=docker COMPOSE=(docker compose -p "$PROJECT")
else
  command -v podman >/dev/null 2>&1 && podman image exists docker.io/library/node:24-bookworm-slim || bash scripts/container-base.sh
  ENGINE=podman COMPOSE=(podman-compose -p "$PROJECT")
  # Images the scale profile names that cannot be pulled here: Debian-built stand-ins (scripts/standins).
  for image in postgres:15 redis:7 caddy:2; do
    name="${image%%:*}"
    podman image exists "docker.io/library/$image" && continue
    info "building a stand-in for $image"
    podman build -q --build-arg BASE=docker.io/library/node:24-bookworm-slim -t "docker.io/library/$image" \
      -f "scripts/standins/$name.Dockerfile" scripts/standins >/dev/null
  done
fi

cleanup() {
  local rc=$?
  if [ "$rc" -ne 0 ] || [ "$FAILURES" -ne 0 ]; then
    for s in studio-a studio-b proxy; do echo "---- logs of $s:" >&2; $ENGINE logs --tail 30 "$(container "$s")" >&2 2>&1 || true; done
  fi
  [ "${SMOKE_KEEP:-0}" = 1 ] || "${COMPOSE[@]}" down -v >/dev/null 2>&1 || true
  rm -rf "$TMP"
  [ "$rc" -eq 0 ] && [ "$FAILURES" -ne 0 ] && rc=1
  if [ "$rc" -eq 0 ]; then echo "SCALE SMOKE: PASS"; else echo "SCALE SMOKE: FAIL" >&2; fi
  exit "$rc"
}
trap cleanup EXIT

# The container of a compose service (docker compose and podman-compose both label them).
container() {
  $ENGINE ps -a -q --filter "label=com.docker.compose.project=$PROJECT" --filter "label=com.docker.compose.service=$1" | head -1
}

# A GET on one replica from inside its container, with the session cookie: "<status> <matches of $3>".
on_replica() {
  local cookie
  cookie="$(awk 'NF == 7 && $1 !~ /^# / {printf "%s=%s; ", $6, $7}' "$TMP/cookies")"
  $ENGINE exec "$(container "$1")" node -e '
    fetch("http://127.0.0.1:3000" + process.argv[1], { headers: { cookie: process.argv[2] }, redirect: "manual" })
      .then(async (r) => console.log(r.status, ((await r.text()).match(new RegExp(process.argv[3], "g")) ?? []).length))
      .catch((e) => console.log("000", e.message))' "$2" "$cookie" "$3"
}

wait_for() { # <what> <seconds> <command…>: retries the command every 2 s
  local what="$1" limit="$2" start
  shift 2
  start=$(date +%s)
  until "$@" >/dev/null 2>&1; do
    [ $(($(date +%s) - start)) -lt "$limit" ] || die "$what: not within ${limit}s"
    sleep 2
  done
  pass "$what after $(($(date +%s) - start))s"
}

info "building the studio image (content-studio:latest) with $ENGINE"
start=$(date +%s)
$ENGINE build -q --format docker -t content-studio:latest . >/dev/null 2>&1 || $ENGINE build -t content-studio:latest . >/dev/null
pass "image built in $(($(date +%s) - start))s"

"${COMPOSE[@]}" down -v >/dev/null 2>&1 || true
info "starting ${SERVICES[*]} on port $SCALE_PORT"
"${COMPOSE[@]}" up -d "${SERVICES[@]}" >"$TMP/up.log" 2>&1 || { cat "$TMP/up.log" >&2; die "compose up failed"; }

healthy() { [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$BASE_URL/healthcheck")" = 200 ]; }
replica_healthy() { [ "$(on_replica "$1" /healthcheck x)" = "200 0" ]; }
wait_for "the proxy answers /healthcheck" 240 healthy
wait_for "studio-a answers /healthcheck" 120 replica_healthy studio-a
wait_for "studio-b answers /healthcheck" 120 replica_healthy studio-b

signed=$(curl -s -c "$TMP/cookies" -o /dev/null -w '%{http_code} %{redirect_url}' --max-time 15 -X POST -H "Origin: $BASE_URL" \
  --data 'email=sarah%40studio.test&password=studio-demo-2026' "$BASE_URL/login")
[ "$signed" = "302 $BASE_URL/" ] && pass "signed in through the proxy" || die "sign-in through the proxy: $signed"

# The workflow's Start/Pause form: its hidden intent says which state each replica renders.
state_on() {
  local pause start
  pause=$(on_replica "$1" /workflow 'name="intent" value="pause"')
  start=$(on_replica "$1" /workflow 'name="intent" value="start"')
  if [ "$pause" = "200 1" ] && [ "$start" = "200 0" ]; then echo running
  elif [ "$start" = "200 1" ] && [ "$pause" = "200 0" ]; then echo stopped
  else echo "unknown($pause/$start)"; fi
}
before=$(state_on studio-a)
code=$(curl -s -b "$TMP/cookies" -o /dev/null -w '%{http_code}' --max-time 15 -X POST -H "Origin: $BASE_URL" --data 'intent=toggle' "$BASE_URL/workflow")
after_a=$(state_on studio-a)
after_b=$(state_on studio-b)
if [ "$before" != "$after_a" ] && [ "$after_a" = "$after_b" ]; then pass "workflow toggled through the proxy ($code): $before -> $after_a on both replicas"
else fail "workflow toggle through the proxy ($code): before $before, studio-a $after_a, studio-b $after_b"; fi

upgrade=$(curl -s -b "$TMP/cookies" -H "Origin: $BASE_URL" -o /dev/null -w '%{http_code}' --max-time 3 --http1.1 -H 'Connection: Upgrade' -H 'Upgrade: websocket' \
  -H 'Sec-WebSocket-Version: 13' -H 'Sec-WebSocket-Key: c2NhbGUtc21va2UtMTIzNA==' "$BASE_URL/collab" || true)
[ "$upgrade" = 101 ] && pass "the collaboration socket upgrades through the proxy" || fail "/collab through the proxy: $upgrade (expected 101)"

# Replicas that start together (podman-compose does not wait for studio-a's health) seed the empty database once.
logs() { $ENGINE logs "$(container studio-a)" 2>&1; $ENGINE logs "$(container studio-b)" 2>&1; }
seeded=$(logs | grep -c 'Empty database: seeded' || true)
[ "$seeded" = 1 ] && pass "the empty database was seeded once" || fail "the empty database was seeded $seeded times"
# The seeded workflow runs (one resumed, two briefs) take their steps on PostgreSQL without a failure.
failed=$(logs | grep -E '^\[workflow\] .* failed' || true)
[ -z "$failed" ] && pass "no workflow step failed" || fail "workflow steps failed: $failed"

info "stopping studio-a"
$ENGINE stop -t 10 "$(container studio-a)" >/dev/null 2>&1
ok=0
for _ in 1 2 3 4 5 6; do
  [ "$(curl -s -b "$TMP/cookies" -o /dev/null -w '%{http_code}' --max-time 10 "$BASE_URL/workflow")" = 200 ] && ok=$((ok + 1))
done
[ "$ok" = 6 ] && pass "with studio-a stopped, 6 of 6 pages through the proxy answered 200" || fail "with studio-a stopped, $ok of 6 pages answered 200"

echo "---- summary: engine=$ENGINE failures=$FAILURES"
[ "$FAILURES" -eq 0 ]
