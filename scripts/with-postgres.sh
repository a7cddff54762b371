#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL server: a new
# cluster of Debian's postgresql on 127.0.0.1 (installed with apt when missing),
# removed afterwards. Throwaway, so it does not wait for the disk (fsync off): crash safety is
# PostgreSQL's, not what the tests check.
#   DOCSTACK_PG_PORT=55432 scripts/with-postgres.sh npm test
set -euo pipefail
PORT="${DOCSTACK_PG_PORT:-55432}"
NAME="docstack-$$"
if ! command -v pg_createcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  "$(dirname "$0")/system-packages.sh" postgresql
fi
VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
DATA="$(mktemp -d /tmp/docstack-pg-XXXXXX)"
chmod 777 "$DATA"
cleanup() {
  $SUDO pg_ctlcluster "$VERSION" "$NAME" stop -m immediate >/dev/null 2>&1 || true
  $SUDO pg_dropcluster "$VERSION" "$NAME" >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT
$SUDO pg_createcluster "$VERSION" "$NAME" -p "$PORT" -d "$DATA/data" -- --auth-local=trust --auth-host=trust >/dev/null
$SUDO pg_ctlcluster "$VERSION" "$NAME" start -o "-c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
export DATABASE_URL="postgresql://postgres@127.0.0.1:${PORT}/docstack"
for _ in $(seq 1 50); do
  psql "postgresql://postgres@127.0.0.1:${PORT}/postgres" -qtAc "SELECT 1" >/dev/null 2>&1 && break
  sleep 0.2
done
psql "postgresql://postgres@127.0.0.1:${PORT}/postgres" -qc "CREATE DATABASE docstack" >/dev/null
echo "PostgreSQL $VERSION on 127.0.0.1:$PORT: DATABASE_URL=$DATABASE_URL"
"$@"
