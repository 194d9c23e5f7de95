#!/usr/bin/env bash
# Container smoke test: build the image, run it on a fresh volume, check health, the
# dashboard, and that a workflow toggle survives a restart and a re-created container; with
# TEST_POSTGRES_URL, that the same image serves a fresh PostgreSQL database.
# Uses docker when a Docker engine answers, otherwise podman (installing it and building the stand-in
# base image with scripts/container-base.sh when either is missing: run npm ci first).
#
# Usage: bash scripts/container-smoke.sh
# Env:   SMOKE_PORT (first host port to try, default 3310), SMOKE_IMAGE (default content-studio:smoke),
#        SMOKE_HEALTH_TIMEOUT (seconds, default 120), SMOKE_KEEP=1 (keep container and volume)
set -euo pipefail

ROOT="$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null || (cd "$(dirname "$0")/.." && pwd))"
cd "$ROOT"

IMAGE="${SMOKE_IMAGE:-content-studio:smoke}"
HEALTH_TIMEOUT="${SMOKE_HEALTH_TIMEOUT:-120}"
SUFFIX="$(date +%s)-$$-${RANDOM}"
CONTAINER="studio-smoke-${SUFFIX}"
VOLUME="studio-smoke-data-${SUFFIX}"
BASE_IMAGE="docker.io/library/node:24-bookworm-slim"
WORKDIR_TMP="$(mktemp -d)"
FAILURES=0
CONTAINER_CREATED=0
VOLUME_CREATED=0

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*" >&2; FAILURES=$((FAILURES + 1)); }
die()  { echo "FAIL: $*" >&2; exit 1; }
info() { echo "---- $*"; }

command -v curl >/dev/null 2>&1 || die "curl is required on the host"

# ---------- pick the engine ----------
# A `docker` client with no engine behind it is common (CI images); podman is then installed
# here by scripts/container-base.sh (apt, as root), which also builds the stand-in base.
BASE_SCRIPT="$ROOT/scripts/container-base.sh"
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  ENGINE=docker
  BUILD_ARGS=()
else
  if ! command -v podman >/dev/null 2>&1 || ! podman image exists "$BASE_IMAGE" 2>/dev/null; then
    [ -f "$BASE_SCRIPT" ] || die "no docker engine, podman or base image, and $BASE_SCRIPT not found"
    info "no docker engine; installing podman and the stand-in base image with $BASE_SCRIPT"
    bash "$BASE_SCRIPT" || die "$BASE_SCRIPT failed"
  fi
  command -v podman >/dev/null 2>&1 || die "podman is still missing after $BASE_SCRIPT"
  ENGINE=podman
  # OCI format (podman's default) drops HEALTHCHECK; docker format keeps it.
  BUILD_ARGS=(--format docker)
fi
info "engine: $ENGINE"

cleanup() {
  local rc=$?
  if [ "$rc" -ne 0 ] || [ "$FAILURES" -ne 0 ]; then
    if [ "$CONTAINER_CREATED" -eq 1 ]; then
      echo "---- last container logs ($CONTAINER):" >&2
      $ENGINE logs --tail 60 "$CONTAINER" >&2 2>&1 || true
    fi
  fi
  if [ "${SMOKE_KEEP:-0}" = "1" ]; then
    echo "---- SMOKE_KEEP=1: leaving container $CONTAINER and volume $VOLUME"
  else
    if [ "$CONTAINER_CREATED" -eq 1 ]; then $ENGINE rm -f "$CONTAINER" >/dev/null 2>&1 || true; fi
    if [ "$VOLUME_CREATED" -eq 1 ]; then $ENGINE volume rm -f "$VOLUME" >/dev/null 2>&1 || true; fi
  fi
  rm -rf "$WORKDIR_TMP"
  if [ "$rc" -eq 0 ] && [ "$FAILURES" -ne 0 ]; then rc=1; fi
  if [ "$rc" -eq 0 ]; then echo "SMOKE RESULT: PASS"; else echo "SMOKE RESULT: FAIL" >&2; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------- helpers ----------
# Runs the engine, hiding podman's "unable to get systemd connection" healthcheck-timer
# noise (no systemd in this sandbox; the smoke polls /healthcheck itself).
engine() {
  local rc=0
  "$ENGINE" "$@" 2>"$WORKDIR_TMP/engine.err" || rc=$?
  grep -v 'systemd connection' "$WORKDIR_TMP/engine.err" >&2 || true
  return "$rc"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pick_port() {
  local p="${SMOKE_PORT:-3310}" last
  last=$((p + 50))
  while [ "$p" -le "$last" ]; do
    if ! port_in_use "$p"; then echo "$p"; return 0; fi
    p=$((p + 1))
  done
  return 1
}

# GET a path; writes the body to $WORKDIR_TMP/body and echoes the status code.
http_get() {
  curl -4 -sS -b "$WORKDIR_TMP/cookies" -o "$WORKDIR_TMP/body" -w '%{http_code}' --max-time 15 "$BASE_URL$1" 2>/dev/null || echo "000"
}

# Signs in as the seeded demo Admin; the session cookie goes to $WORKDIR_TMP/cookies.
sign_in() {
  curl -4 -sS -c "$WORKDIR_TMP/cookies" -o /dev/null -w '%{http_code} %{redirect_url}' --max-time 15 -X POST \
    -H "Origin: $BASE_URL" -H 'Content-Type: application/x-www-form-urlencoded' \
    --data 'email=sarah%40studio.test&password=studio-demo-2026' "$BASE_URL/login" 2>/dev/null || echo "000"
}

container_running() {
  [ "$($ENGINE inspect -f '{{.State.Running}}' "$CONTAINER" 2>/dev/null)" = "true" ]
}

# Waits for /healthcheck to answer 200; prints the seconds it took.
wait_healthy() {
  local start now code
  start=$(date +%s)
  while :; do
    now=$(date +%s)
    code=$(curl -4 -s -o /dev/null -w '%{http_code}' --max-time 5 "$BASE_URL/healthcheck" 2>/dev/null || true)
    if [ "$code" = "200" ]; then echo $((now - start)); return 0; fi
    if ! container_running; then
      echo "container exited (status $($ENGINE inspect -f '{{.State.ExitCode}}' "$CONTAINER" 2>/dev/null))" >&2
      return 1
    fi
    if [ $((now - start)) -ge "$HEALTH_TIMEOUT" ]; then
      echo "no 200 from /healthcheck after ${HEALTH_TIMEOUT}s (last status ${code:-none})" >&2
      return 1
    fi
    sleep 1
  done
}

# Echoes "running", "stopped" or "unknown" from the Agent Workflow page's Start/Pause form, whose
# hidden intent is "pause" while the workflow runs (page text alone mentions both buttons).
workflow_state() {
  local code has_pause=0 has_start=0
  code=$(http_get /workflow)
  if [ "$code" != "200" ]; then echo "unknown(http $code)"; return 0; fi
  grep -Eq 'name="intent" value="pause"' "$WORKDIR_TMP/body" && has_pause=1
  grep -Eq 'name="intent" value="start"' "$WORKDIR_TMP/body" && has_start=1
  if [ "$has_pause" -eq 1 ] && [ "$has_start" -eq 0 ]; then echo running
  elif [ "$has_start" -eq 1 ] && [ "$has_pause" -eq 0 ]; then echo stopped
  else echo "unknown(pause=$has_pause start=$has_start)"; fi
}

# ---------- build ----------
info "building image $IMAGE"
build_start=$(date +%s)
if ! $ENGINE build "${BUILD_ARGS[@]}" -t "$IMAGE" .; then
  die "image build failed"
fi
BUILD_SECONDS=$(( $(date +%s) - build_start ))
pass "image built in ${BUILD_SECONDS}s"

# The image runs the Node line package.json's engines names (decision 037).
IMAGE_NODE="$($ENGINE run --rm "$IMAGE" node --version 2>/dev/null || echo none)"
WANT_NODE="$(sed -n 's/^ *"node": ">=\([0-9]*\)".*/\1/p' package.json | head -1)"
IMAGE_MAJOR="${IMAGE_NODE#v}"; IMAGE_MAJOR="${IMAGE_MAJOR%%.*}"
if [ -n "$WANT_NODE" ] && [ "${IMAGE_MAJOR:-0}" -ge "$WANT_NODE" ] 2>/dev/null; then pass "image node --version: $IMAGE_NODE"
else fail "image node --version: $IMAGE_NODE (package.json engines: >=$WANT_NODE)"; fi

# Bytes the app adds on top of the base image (the figure decision 002 budgets).
image_size() { $ENGINE image inspect -f '{{.Size}}' "$1" 2>/dev/null || echo 0; }
IMAGE_BYTES=$(image_size "$IMAGE"); BASE_BYTES=$(image_size "$BASE_IMAGE")
LAYERS_MB=$(( (IMAGE_BYTES - BASE_BYTES) / 1000000 ))
info "image layers above the base: ${LAYERS_MB} MB (image $((IMAGE_BYTES / 1000000)) MB, base $((BASE_BYTES / 1000000)) MB)"

# ---------- run on a fresh volume ----------
PORT="$(pick_port)" || die "no free host port near ${SMOKE_PORT:-3310}"
BASE_URL="http://localhost:$PORT"
engine volume create "$VOLUME" >/dev/null
VOLUME_CREATED=1
info "starting $CONTAINER on host port $PORT with volume $VOLUME"
run_container() {
  engine run -d --name "$CONTAINER" -p "127.0.0.1:$PORT:3000" -v "$VOLUME:/data" "$IMAGE" >/dev/null
  CONTAINER_CREATED=1
}
run_container

if T=$(wait_healthy); then pass "healthy after ${T}s (first start: migrate + seed + serve)"; FIRST_HEALTHY=$T
else die "container did not become healthy"; fi

# The image's own HEALTHCHECK command (podman can run it on demand).
if [ "$ENGINE" = podman ]; then
  if podman healthcheck run "$CONTAINER" >/dev/null 2>&1; then pass "image HEALTHCHECK command succeeds"
  else fail "image HEALTHCHECK command failed (podman healthcheck run)"; fi
fi

# ---------- sign-in ----------
: > "$WORKDIR_TMP/cookies"
code=$(http_get /)
if [ "$code" = "302" ]; then pass "GET / signed out -> 302 to sign-in"; else fail "GET / signed out -> $code (expected 302)"; fi
signed=$(sign_in)
case "$signed" in
  "302 $BASE_URL/") pass "POST /login as the demo Admin -> 302 /" ;;
  *) die "POST /login as the demo Admin -> $signed (expected 302 to /)" ;;
esac
cross=$(curl -4 -s -b "$WORKDIR_TMP/cookies" -o /dev/null -w '%{http_code}' --max-time 15 -X POST -H 'Origin: http://evil.test' \
  --data 'intent=toggle' "$BASE_URL/workflow" || echo 000)
if [ "$cross" = "403" ]; then pass "cross-site POST /workflow -> 403"; else fail "cross-site POST /workflow -> $cross (expected 403)"; fi

# ---------- dashboard ----------
code=$(http_get /)
if [ "$code" = "200" ]; then pass "GET / -> 200"; else fail "GET / -> $code (expected 200)"; fi
if grep -q 'Dashboard' "$WORKDIR_TMP/body"; then pass "GET / contains \"Dashboard\""
else fail "GET / does not contain \"Dashboard\""; fi

# ---------- workflow toggle ----------
before=$(workflow_state)
case "$before" in
  stopped) expected=running; expected_text="Pause Workflow" ;;
  running) expected=stopped; expected_text="Start Workflow"
           echo "note: fresh database already shows the workflow running; toggling to stopped" ;;
  *) die "GET /workflow: cannot tell the workflow state ($before)" ;;
esac
pass "GET /workflow -> 200, workflow $before"

post_code=$(curl -4 -sS -b "$WORKDIR_TMP/cookies" -o "$WORKDIR_TMP/post" -w '%{http_code}' --max-time 15 -X POST \
  -H "Origin: $BASE_URL" \
  -H 'Content-Type: application/x-www-form-urlencoded' \
  --data 'intent=toggle' "$BASE_URL/workflow" || echo 000)
case "$post_code" in
  2??|3??) pass "POST /workflow intent=toggle -> $post_code" ;;
  *) fail "POST /workflow intent=toggle -> $post_code"; head -c 600 "$WORKDIR_TMP/post" >&2 || true; echo >&2 ;;
esac

after=$(workflow_state)
if [ "$after" = "$expected" ]; then pass "/workflow shows \"$expected_text\" after toggle"
else die "/workflow shows $after after toggle (expected $expected: \"$expected_text\")"; fi

# ---------- restart: stop + start ----------
info "restarting container (stop + start)"
engine stop -t 15 "$CONTAINER" >/dev/null
engine start "$CONTAINER" >/dev/null
if T=$(wait_healthy); then pass "healthy again ${T}s after restart"; RESTART_HEALTHY=$T
else die "container did not become healthy after restart"; fi
state=$(workflow_state)
if [ "$state" = "$expected" ]; then pass "/workflow still shows \"$expected_text\" after restart"
else fail "/workflow shows $state after restart (expected $expected: \"$expected_text\")"; fi

# ---------- re-create: a new container on the same volume ----------
# stop+start keeps the container's own filesystem; this proves the data lives in the volume.
info "re-creating container on the same volume"
engine rm -f "$CONTAINER" >/dev/null
CONTAINER_CREATED=0
run_container
if T=$(wait_healthy); then pass "new container healthy after ${T}s"
else die "new container on the same volume did not become healthy"; fi
state=$(workflow_state)
if [ "$state" = "$expected" ]; then pass "/workflow shows \"$expected_text\" in a new container (state is in the volume)"
else fail "/workflow shows $state in a new container (expected $expected: \"$expected_text\")"; fi

# ---------- the same image on PostgreSQL ----------
# With TEST_POSTGRES_URL (.ci/run sets it), the image migrates, seeds and serves a fresh PostgreSQL
# database on the host: it must carry PostgreSQL's client, pg and its migrations (issue 38).
PG_RESULT=skipped
if [ -n "${TEST_POSTGRES_URL:-}" ] && command -v psql >/dev/null 2>&1; then
  PG_DB="studio_smoke_${RANDOM}${RANDOM}"
  PG_URL="${TEST_POSTGRES_URL%/*}/$PG_DB"
  psql "$TEST_POSTGRES_URL" -qtAc "CREATE DATABASE $PG_DB" >/dev/null
  engine rm -f "$CONTAINER" >/dev/null
  CONTAINER_CREATED=0
  PORT="$(pick_port)" || die "no free host port near ${SMOKE_PORT:-3310}"
  BASE_URL="http://localhost:$PORT"
  info "starting $CONTAINER on PostgreSQL ($PG_DB) on host port $PORT"
  engine run -d --name "$CONTAINER" --network host -e "PORT=$PORT" -e "DATABASE_URL=$PG_URL" "$IMAGE" >/dev/null
  CONTAINER_CREATED=1
  if T=$(wait_healthy); then pass "healthy on PostgreSQL after ${T}s (migrate + seed + serve)"
  else fail "the image did not serve on PostgreSQL"; $ENGINE logs --tail 30 "$CONTAINER" >&2 2>&1 || true; fi
  : > "$WORKDIR_TMP/cookies"
  signed=$(sign_in)
  [ "$signed" = "302 $BASE_URL/" ] && pass "POST /login on PostgreSQL -> 302 /" || fail "POST /login on PostgreSQL -> $signed"
  # A search highlights the words it found: the library's PostgreSQL reads (decision 058).
  code=$(http_get '/library?q=voice')
  [ "$code" = "200" ] && grep -q '<mark' "$WORKDIR_TMP/body" && pass "a library search on PostgreSQL finds and marks items" ||
    fail "GET /library?q=voice on PostgreSQL -> $code, or nothing marked"
  engine rm -f "$CONTAINER" >/dev/null
  CONTAINER_CREATED=0
  psql "$TEST_POSTGRES_URL" -qtAc "DROP DATABASE $PG_DB WITH (FORCE)" >/dev/null
  PG_RESULT=checked
fi

echo "---- summary: engine=$ENGINE node=$IMAGE_NODE build=${BUILD_SECONDS}s layers=${LAYERS_MB}MB first-healthy=${FIRST_HEALTHY}s restart-healthy=${RESTART_HEALTHY}s postgresql=$PG_RESULT failures=$FAILURES"
[ "$FAILURES" -eq 0 ]
