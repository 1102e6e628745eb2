#!/usr/bin/env bash
# A messenger cluster on this machine, on loopback (docs/operations.md#a-cluster-on-one-machine):
# N server nodes on one PostgreSQL and one Redis of their own, behind HAProxy.
#   scripts/cluster.sh start N          starts PostgreSQL, Redis, N nodes and HAProxy; prints the address
#                                       (`scripts/cluster.sh N` is the same)
#   scripts/cluster.sh stop             stops everything started from the same CLUSTER_DIR
#   scripts/cluster.sh status           what runs, with each node's /healthz and /readyz answers
#   scripts/cluster.sh node I start|stop|kill|pause|resume   one node (stop: SIGTERM; kill: SIGKILL;
#                                       pause/resume: SIGSTOP/SIGCONT), for trying failover
#   scripts/cluster.sh redis start|stop, scripts/cluster.sh postgres start|stop   one service
# Settings: CLUSTER_DIR (state, data and logs; default $TMPDIR/im-cluster), CLUSTER_PORT (HAProxy's
# port, default 18080; node I listens on CLUSTER_PORT+I, PostgreSQL on +50, Redis on +51, HAProxy's
# stats page on +52). Every
# other variable of the environment (SUPER_CODE, SCRYPT_N, …) reaches the nodes as it is.
# CLUSTER_REDIS=0 runs the nodes without Redis (one node on PostgreSQL alone, for the benchmark);
# CLUSTER_HAPROXY_CFG is the HAProxy file to render (default deploy/haproxy.cfg).
# Debian's postgresql, redis-server and haproxy are installed with apt-get when missing (as root).
set -u
cd "$(dirname "$0")/.."
repo=$PWD
dir=${CLUSTER_DIR:-${TMPDIR:-/tmp}/im-cluster}
base=${CLUSTER_PORT:-18080}
pg_port=$((base + 50))
redis_port=$((base + 51))
stats_port=$((base + 52))
node_bin=$repo/node_modules/.bin/node
[ -x "$node_bin" ] || node_bin=$(command -v node)

say() { echo "cluster: $*" >&2; }
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
gone() { ! kill -0 "$1" 2>/dev/null; }
pgbin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
# PostgreSQL refuses to run as root: its commands then run as the postgres user.
as_pg() { if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }

ensure_packages() {
  local need=()
  [ -n "$(pgbin)" ] || need+=(postgresql)
  command -v redis-server >/dev/null || need+=(redis-server)
  command -v haproxy >/dev/null || need+=(haproxy)
  command -v curl >/dev/null || need+=(curl)
  [ ${#need[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    say "installing ${need[*]} with apt-get…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/dev/null \
      || { say "could not install ${need[*]}"; return 1; }
  else
    say "needs ${need[*]}: sudo apt-get install ${need[*]}"
    return 1
  fi
}

# Polls `check` every 0.1 s, at most `tries` times.
wait_for() {
  local tries=$1
  shift
  for _ in $(seq "$tries"); do "$@" && return 0; sleep 0.1; done
  return 1
}

postgres_start() {
  local bin
  bin=$(pgbin)
  mkdir -p "$dir/pg"
  # As root, the postgres user must reach its folder (a mktemp folder is 0700).
  [ "$(id -u)" -eq 0 ] && chmod o+x "$dir" && chown postgres "$dir/pg"
  if [ ! -f "$dir/pg/PG_VERSION" ]; then
    as_pg "$bin/initdb -D $dir/pg -A trust -U postgres" >"$dir/pg-init.log" 2>&1 \
      || { say "initdb failed, see $dir/pg-init.log"; return 1; }
  fi
  as_pg "$bin/pg_ctl -D $dir/pg -o '-h 127.0.0.1 -p $pg_port -k $dir/pg -c max_connections=200' -l $dir/pg/log -w -t 30 start" \
    >/dev/null || { say "PostgreSQL did not start, see $dir/pg/log"; return 1; }
}

postgres_stop() {
  local bin
  bin=$(pgbin)
  [ -f "$dir/pg/postmaster.pid" ] || return 0
  as_pg "$bin/pg_ctl -D $dir/pg -m fast -w -t 30 stop" >/dev/null 2>&1 \
    || as_pg "$bin/pg_ctl -D $dir/pg -m immediate -w -t 10 stop" >/dev/null 2>&1
}

redis_start() {
  mkdir -p "$dir/redis"
  redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no --daemonize yes \
    --dir "$dir/redis" --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null
  wait_for 100 redis-cli -p "$redis_port" ping >/dev/null 2>&1 || { say "Redis did not start"; return 1; }
}

redis_stop() {
  alive "$dir/redis.pid" || return 0
  local pid
  pid=$(cat "$dir/redis.pid")
  redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || kill "$pid" 2>/dev/null
  wait_for 100 gone "$pid" || kill -9 "$pid" 2>/dev/null
  rm -f "$dir/redis.pid"
}

# The answer code of GET url (000 when nothing answers).
http_code() { curl -s -o /dev/null -m 2 -w '%{http_code}' "$1" 2>/dev/null || true; }
listening() { [ "$(http_code "http://127.0.0.1:$1/healthz")" != 000 ]; }

node_start() {
  local i=$1 port=$((base + $1))
  alive "$dir/node$i.pid" && { say "node$i already runs (pid $(cat "$dir/node$i.pid"))"; return 0; }
  # Every node: the same database, Redis and secret; its own port and NODE_ID; uploads in one
  # shared folder (one machine; several machines need S3_BUCKET). The env of this script comes along.
  HOST=127.0.0.1 PORT=$port NODE_ID=node$i \
    DATABASE_URL=postgres://postgres@127.0.0.1:$pg_port/postgres \
    REDIS_URL=$(redis_url) \
    JWT_SECRET=$(cat "$dir/jwt-secret") DATA_DIR=$dir/data TRUST_PROXY=${TRUST_PROXY:-loopback} \
    setsid "$node_bin" --v8-pool-size=0 "$repo/packages/server/src/server.ts" >>"$dir/node$i.log" 2>&1 </dev/null &
  echo $! >"$dir/node$i.pid"
}

# The nodes' REDIS_URL: empty with CLUSTER_REDIS=0.
redis_url() { [ "${CLUSTER_REDIS:-1}" = 0 ] || echo "redis://127.0.0.1:$redis_port"; }

node_up() { alive "$dir/node$1.pid" && listening $((base + $1)); }

# Bounded: 60 s for a node to answer HTTP (migrations run at the first node's start).
node_wait() {
  local i=$1
  wait_for 600 node_up "$i" \
    || { say "node$i did not start, see $dir/node$i.log"; tail -n 20 "$dir/node$i.log" >&2; return 1; }
}

# HAProxy's state of node I in a backend (UP, DOWN, …), from its stats page; empty when unknown.
haproxy_state() {
  curl -s -m 2 "http://127.0.0.1:$stats_port/stats;csv" 2>/dev/null \
    | awk -F, -v b="$1" -v s="node$2" '$1 == b && $2 == s { print $18 }'
}
haproxy_up() { [ "$(haproxy_state "$1" "$2")" = UP ]; }

# After a node (re)starts behind a running HAProxy: bounded waits until HAProxy sends it clients
# (`rise` checks pass): live first, then ready (which needs the database and Redis).
haproxy_admits() {
  local i=$1
  alive "$dir/haproxy.pid" || return 0
  wait_for 100 haproxy_up live "$i" || { say "HAProxy does not see node$i live"; return 1; }
  wait_for 100 haproxy_up ready "$i" || say "HAProxy does not see node$i ready (database or Redis down?)"
}

node_signal() {
  local i=$1 signal=$2
  alive "$dir/node$i.pid" || { say "node$i does not run"; return 1; }
  kill -"$signal" "$(cat "$dir/node$i.pid")"
}

node_stop() {
  local i=$1 pid
  [ -f "$dir/node$i.pid" ] || return 0
  pid=$(cat "$dir/node$i.pid")
  # A paused node cannot handle SIGTERM: resume it first.
  kill -CONT "$pid" 2>/dev/null
  kill -TERM "$pid" 2>/dev/null
  wait_for 150 gone "$pid" || kill -9 "$pid" 2>/dev/null
  rm -f "$dir/node$i.pid"
}

# deploy/haproxy.cfg with this cluster's port and nodes in both backends.
render_haproxy() {
  local n=$1 servers=''
  for i in $(seq "$n"); do servers+="    server node$i 127.0.0.1:$((base + i))\n"; done
  sed -e "s/^\(\s*bind\) 127\.0\.0\.1:8080$/\1 127.0.0.1:$base/" \
    -e "s/^\(\s*bind\) 127\.0\.0\.1:8404$/\1 127.0.0.1:$stats_port/" \
    -e '/# nodes begin/,/# nodes end/{/^\s*server /d}' \
    -e "s/^\(\s*# nodes begin\)$/\1\n${servers%\\n}/" \
    "${CLUSTER_HAPROXY_CFG:-$repo/deploy/haproxy.cfg}" >"$dir/haproxy.cfg"
}

haproxy_start() {
  render_haproxy "$1"
  haproxy -c -q -f "$dir/haproxy.cfg" || { say "invalid $dir/haproxy.cfg"; return 1; }
  haproxy -f "$dir/haproxy.cfg" -p "$dir/haproxy.pid" >>"$dir/haproxy.log" 2>&1 </dev/null &
  echo $! >"$dir/haproxy.pid"
  wait_for 100 listening "$base" \
    || { say "HAProxy did not start, see $dir/haproxy.log"; tail -n 5 "$dir/haproxy.log" >&2; return 1; }
}

haproxy_stop() {
  alive "$dir/haproxy.pid" || return 0
  local pid
  pid=$(cat "$dir/haproxy.pid")
  kill "$pid" 2>/dev/null
  wait_for 50 gone "$pid" || kill -9 "$pid" 2>/dev/null
  rm -f "$dir/haproxy.pid"
}

nodes() { ls "$dir"/node*.pid 2>/dev/null | sed 's/.*node\([0-9]*\)\.pid/\1/' | sort -n; }

start() {
  local n=${1:-}
  [[ "$n" =~ ^[1-9][0-9]?$ ]] || { say "usage: $0 start N (1-99 nodes)"; return 2; }
  alive "$dir/haproxy.pid" && { say "already runs from $dir; stop it first"; return 1; }
  ensure_packages || return 1
  mkdir -p "$dir/data"
  chmod 700 "$dir/data"
  [ -s "$dir/jwt-secret" ] || (umask 077 && head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$dir/jwt-secret")
  echo "$n" >"$dir/size"
  postgres_start || return 1
  if [ "${CLUSTER_REDIS:-1}" != 0 ]; then redis_start || return 1; fi
  # The first node migrates the database alone; the others then start together.
  node_start 1 && node_wait 1 || return 1
  for i in $(seq 2 "$n"); do node_start "$i"; done
  for i in $(seq 2 "$n"); do node_wait "$i" || return 1; done
  haproxy_start "$n" || return 1
  echo "CLUSTER_URL=http://127.0.0.1:$base"
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$pg_port/postgres"
  echo "REDIS_URL=$(redis_url)"
}

stop() {
  haproxy_stop
  for i in $(nodes); do node_stop "$i"; done
  redis_stop
  postgres_stop
}

status() {
  local state
  state() { if alive "$1"; then echo "running (pid $(cat "$1"))"; else echo stopped; fi; }
  echo "haproxy   127.0.0.1:$base  $(state "$dir/haproxy.pid")  stats http://127.0.0.1:$stats_port/stats"
  for i in $(nodes); do
    local port=$((base + i))
    echo "node$i     127.0.0.1:$port  $(state "$dir/node$i.pid")  healthz $(http_code "http://127.0.0.1:$port/healthz") readyz $(http_code "http://127.0.0.1:$port/readyz")  haproxy ready:$(haproxy_state ready "$i") live:$(haproxy_state live "$i")"
  done
  echo "redis     127.0.0.1:$redis_port  $(state "$dir/redis.pid")"
  local pg=stopped
  [ -f "$dir/pg/postmaster.pid" ] && kill -0 "$(head -n 1 "$dir/pg/postmaster.pid")" 2>/dev/null \
    && pg="running (pid $(head -n 1 "$dir/pg/postmaster.pid"))"
  echo "postgres  127.0.0.1:$pg_port  $pg"
}

node_command() {
  local i=${1:-} action=${2:-}
  [[ "$i" =~ ^[0-9]+$ ]] || { say "usage: $0 node I start|stop|kill|pause|resume"; return 2; }
  case "$action" in
    start) node_start "$i" && node_wait "$i" && haproxy_admits "$i" ;;
    stop) node_stop "$i" ;;
    kill) node_signal "$i" KILL ;;
    pause) node_signal "$i" STOP ;;
    resume) node_signal "$i" CONT ;;
    *) say "usage: $0 node I start|stop|kill|pause|resume"; return 2 ;;
  esac
}

service() {
  case "$1 ${2:-}" in
    'redis start') redis_start ;;
    'redis stop') redis_stop ;;
    'postgres start') postgres_start ;;
    'postgres stop') postgres_stop ;;
    *) say "usage: $0 redis|postgres start|stop"; return 2 ;;
  esac
}

case "${1:-}" in
  start) start "${2:-}" ;;
  [1-9] | [1-9][0-9]) start "$1" ;; # `scripts/cluster.sh 3` is `start 3`
  stop) stop ;;
  status) status ;;
  node) node_command "${2:-}" "${3:-}" ;;
  redis | postgres) service "$1" "${2:-}" ;;
  *)
    echo "usage: $0 start N | stop | status | node I start|stop|kill|pause|resume | redis|postgres start|stop" >&2
    exit 2
    ;;
esac
