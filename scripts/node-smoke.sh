#!/usr/bin/env bash
# Smoke run of Quire on another Node.js major (default 22): start the built
# service, seed the demo, and answer one authenticated request. The suite runs
# on the Node 24 that package.json pins (devDependency `node`); this shows the
# engines range (>=22.12) is true at its lower end too.
# Usage: scripts/node-smoke.sh [major]   (needs DATABASE_URL; uses the npm registry)
set -euo pipefail
cd "$(dirname "$0")/.."
major="${1:-22}"
: "${DATABASE_URL:?node-smoke needs DATABASE_URL (a PostgreSQL server it may create a database on)}"

admin_url="$DATABASE_URL"
db="quire_smoke_$$"
work="$(mktemp -d)"
server_pid=""
sql() { node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end())" "$admin_url" "$1"; }
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  sql "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -rf "$work"
}
trap cleanup EXIT

npm install --silent --no-audit --no-fund --prefix "$work" "node@$major" >/dev/null
runtime="$work/node_modules/node/bin/node"
echo "node-smoke: $("$runtime" -v)"

# A database of its own, dropped at the end.
sql "CREATE DATABASE $db"
export DATABASE_URL="${admin_url%/*}/$db" PORT="${SMOKE_PORT:-4791}" LOG_LEVEL=warn

npm run --silent build
"$runtime" --max-semi-space-size=16 dist/main.js &
server_pid=$!
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { echo "node-smoke: the server exited on Node $major" >&2; exit 1; }
  sleep 0.5
done

token="$("$runtime" --import tsx src/demo.ts --json | "$runtime" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).token))')"
status="$(curl -s -o "$work/orgs.json" -w '%{http_code}' -H "Authorization: Bearer $token" "http://127.0.0.1:$PORT/v1/orgs")"
if [ "$status" != 200 ] || ! grep -q '"items"' "$work/orgs.json"; then
  echo "node-smoke: GET /v1/orgs answered $status on Node $major" >&2
  cat "$work/orgs.json" >&2
  exit 1
fi
echo "node-smoke: start, demo and GET /v1/orgs work on Node $major"
