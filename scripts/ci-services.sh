# Sourced by .ci/run: PostgreSQL and Redis for the suites that run on both engines (decision 046).
# Starts them when installed but stopped, installs Debian's `postgresql` and `redis-server` when
# missing, and exports TEST_POSTGRES_URL (a server the tests may create databases on) and
# REQUIRE_POSTGRES=1 and REQUIRE_REDIS=1, so those suites fail here instead of being skipped.
# Needs root (apt-get, pg_ctlcluster), as .ci/run's Chromium install does.

ci_services_install() {
  local missing=()
  command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing ${missing[*]} from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

ci_postgres_start() {
  local version tries=0
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    version=$(ls /etc/postgresql | sort -V | tail -1)
    [ -n "$version" ] || { echo "no PostgreSQL cluster in /etc/postgresql" >&2; return 1; }
    pg_ctlcluster --skip-systemctl-redirect "$version" main start
  fi
  until pg_isready -q -h 127.0.0.1 -p 5432; do
    tries=$((tries + 1))
    [ "$tries" -le 30 ] || { echo "PostgreSQL did not answer on 127.0.0.1:5432" >&2; return 1; }
    sleep 1
  done
  # The build machines trust local connections; a fresh Debian install asks TCP clients for a password.
  local url="postgresql://postgres@127.0.0.1:5432/postgres"
  if ! psql "$url" -qtAc "SELECT 1" >/dev/null 2>&1; then
    runuser -u postgres -- psql -qc "ALTER USER postgres PASSWORD 'studio-ci'" >/dev/null
    url="postgresql://postgres:studio-ci@127.0.0.1:5432/postgres"
  fi
  psql "$url" -qtAc "SELECT 1" >/dev/null
  export TEST_POSTGRES_URL="$url"
  export REQUIRE_POSTGRES=1
}

ci_redis_start() {
  export REQUIRE_REDIS=1
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && return 0
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no >/dev/null
  local tries=0
  until redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; do
    tries=$((tries + 1))
    [ "$tries" -le 30 ] || { echo "Redis did not answer on 127.0.0.1:6379" >&2; return 1; }
    sleep 1
  done
}

ci_services() {
  ci_services_install && ci_postgres_start && ci_redis_start
  echo "postgresql: $(psql "$TEST_POSTGRES_URL" -qtAc 'SHOW server_version'), redis: $(redis-cli -h 127.0.0.1 -p 6379 info server | sed -n 's/^redis_version:\(.*\)\r*$/\1/p' | tr -d '\r')"
}
