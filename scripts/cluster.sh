#!/usr/bin/env bash
# Several Docstack instances and job workers on one PostgreSQL database: the example of docs/operating.md's
# "Running more than one instance", and what CI's cluster test starts (packages/server/src/cluster/cluster.test.ts).
#   DATABASE_URL=postgresql://… scripts/cluster.sh        # 3 instances on :3001-3003 and 1 worker
#   DOCSTACK_INSTANCES=2 DOCSTACK_WORKERS=0 DOCSTACK_BASE_PORT=4001 DATABASE_URL=… scripts/cluster.sh
#   DOCSTACK_BASE_PORT=0: each instance on a port the system picks, named once the instance says it serves (tests:
#   a port chosen beforehand could be taken meanwhile by another process).
# Prints a line per process ("instance <n> pid <pid> <url>", "worker <n> pid <pid>"), then "ready" once every
# instance answers /readyz. SIGINT or SIGTERM stops them all (each drains: see "Stopping").
# Instances start together: one applies the migrations, the others wait for it.
set -euo pipefail
cd "$(dirname "$0")/.."

# What every instance must share:
: "${DATABASE_URL:?set DATABASE_URL to the PostgreSQL database every instance shares}" # the one place state lives
export DATABASE_URL
export DOCSTACK_SECRETS="${DOCSTACK_SECRETS:-}"                      # signs cursors and downloads (unset: a secret kept in the database)
export DOCSTACK_RATE_LIMIT="${DOCSTACK_RATE_LIMIT:-600}"             # one budget per token, counted in PostgreSQL
export DOCSTACK_RATE_LIMIT_WINDOW_MS="${DOCSTACK_RATE_LIMIT_WINDOW_MS:-60000}"
export DOCSTACK_PUBLIC_URL="${DOCSTACK_PUBLIC_URL:-}"                # the load balancer's URL, for the `urls` of resources

INSTANCES="${DOCSTACK_INSTANCES:-3}"
WORKERS="${DOCSTACK_WORKERS:-1}"
BASE_PORT="${DOCSTACK_BASE_PORT:-3001}"
CLI=packages/server/dist/cli/main.js
[ -f "$CLI" ] || node scripts/root.mjs build >&2

pids=()
stop() {
  trap - INT TERM
  kill -TERM "${pids[@]}" 2>/dev/null || true
  wait || true
  exit 0
}
trap stop INT TERM

# With dedicated workers, the instances only serve HTTP; without, each works jobs too.
serve_args=(serve)
[ "$WORKERS" -gt 0 ] && serve_args+=(--no-worker)
urls=()
if [ "$BASE_PORT" -eq 0 ]; then
  # Each instance's output is copied to a file too, where its "Docstack serves on <url>" line is read.
  outputs="$(mktemp -d)"
  trap 'rm -rf "$outputs"' EXIT
  for i in $(seq 1 "$INSTANCES"); do
    PORT=0 node "$CLI" "${serve_args[@]}" > >(tee "$outputs/$i") &
    pids+=("$!")
  done
  for i in $(seq 1 "$INSTANCES"); do
    pid="${pids[$((i - 1))]}"
    until url="$(grep -om1 'Docstack serves on http://[^ ]*' "$outputs/$i" 2>/dev/null)"; do
      kill -0 "$pid" 2>/dev/null || { echo "instance $i stopped before it served" >&2; kill -TERM "${pids[@]}" 2>/dev/null; exit 1; }
      sleep 0.1
    done
    # Its port, on loopback as the instances of fixed ports are named.
    urls+=("http://127.0.0.1:${url##*:}")
    echo "instance $i pid $pid ${urls[-1]}"
  done
else
  for i in $(seq 1 "$INSTANCES"); do
    port=$((BASE_PORT + i - 1))
    PORT="$port" node "$CLI" "${serve_args[@]}" &
    pids+=("$!")
    urls+=("http://127.0.0.1:$port")
    echo "instance $i pid $! http://127.0.0.1:$port"
  done
fi
for i in $(seq 1 "$WORKERS"); do
  node "$CLI" worker &
  pids+=("$!")
  echo "worker $i pid $!"
done
node -e '
  const urls = process.argv.slice(1);
  const ready = (url) => fetch(`${url}/readyz`).then((r) => r.ok, () => false);
  (async () => { for (;;) { if ((await Promise.all(urls.map(ready))).every(Boolean)) break; await new Promise((r) => setTimeout(r, 100)); } })();
' "${urls[@]}"
echo ready
wait
