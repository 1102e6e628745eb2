#!/usr/bin/env bash
# coturn on loopback for the call tests and for development (docs/operations.md#turn-coturn).
#   scripts/coturn.sh start   starts it (REST secret, UDP/TCP on 127.0.0.1) and prints the lines
#                             TURN_URLS=... and TURN_SECRET=... to export
#   scripts/coturn.sh stop    stops the one started from the same COTURN_DIR
#   scripts/coturn.sh ensure  installs Debian's coturn when missing (root), else says how, in one line
# Settings: COTURN_DIR (pid file, log, secret; default $TMPDIR/im-coturn), COTURN_PORT (3478),
# COTURN_MIN_PORT/COTURN_MAX_PORT (relay ports, 49160-49200), COTURN_SECRET (random when unset).
set -u
dir=${COTURN_DIR:-${TMPDIR:-/tmp}/im-coturn}
port=${COTURN_PORT:-3478}
min_port=${COTURN_MIN_PORT:-49160}
max_port=${COTURN_MAX_PORT:-49200}
turnserver=${TURNSERVER:-/usr/bin/turnserver}

ensure() {
  [ -x "$turnserver" ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's coturn for the call tests..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq coturn) >/dev/null || {
      echo "could not install coturn" >&2
      return 1
    }
  else
    echo "Call tests need coturn at $turnserver: sudo apt-get install coturn" >&2
    return 1
  fi
}

start() {
  ensure || return 1
  mkdir -p "$dir"
  if [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null; then
    echo "coturn already runs from $dir (pid $(cat "$dir/pid"))" >&2
  else
    local secret=${COTURN_SECRET:-$(head -c 24 /dev/urandom | base64 | tr -d '/+=')}
    echo "$secret" >"$dir/secret"
    echo "$port" >"$dir/port"
    # Debian's package starts nothing by itself here: this process is ours, with only these options.
    "$turnserver" -n --no-cli --no-tls --no-dtls --fingerprint \
      --listening-ip=127.0.0.1 --relay-ip=127.0.0.1 --listening-port="$port" \
      --min-port="$min_port" --max-port="$max_port" \
      --use-auth-secret --static-auth-secret="$secret" --realm=messenger.local \
      --allow-loopback-peers --userdb="$dir/turndb" --simple-log --log-file="$dir/turn.log" --pidfile="$dir/turnserver.pid" \
      >"$dir/stdout.log" 2>&1 &
    echo $! >"$dir/pid"
    # Ready when it listens (a few ms; up to 5 s on a loaded machine).
    for _ in $(seq 50); do
      grep -qs "Total General servers\|relay 127.0.0.1 initialization done\|IO method" "$dir/turn.log" "$dir"/turn*.log \
        && break
      kill -0 "$(cat "$dir/pid")" 2>/dev/null || { echo "coturn did not start, see $dir" >&2; return 1; }
      sleep 0.1
    done
  fi
  echo "TURN_URLS=turn:127.0.0.1:$(cat "$dir/port")?transport=udp,turn:127.0.0.1:$(cat "$dir/port")?transport=tcp"
  echo "TURN_SECRET=$(cat "$dir/secret")"
}

stop() {
  [ -f "$dir/pid" ] || return 0
  local pid
  pid=$(cat "$dir/pid")
  kill "$pid" 2>/dev/null
  for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null
  rm -f "$dir/pid"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  ensure) ensure ;;
  *)
    echo "usage: $0 start|stop|ensure" >&2
    exit 2
    ;;
esac
