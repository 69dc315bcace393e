# Starts a throwaway PostgreSQL 15 on 127.0.0.1 and exports TEST_DATABASE_URL.
# initdb refuses to run as root, so the cluster belongs to the postgres user.
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

start_throwaway_postgres() {
  if [ ! -x "$PG_BIN/initdb" ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
  fi
  PG_DIR=$(mktemp -d /tmp/kp-pg.XXXXXX)
  chown postgres "$PG_DIR"
  PG_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
  runuser -u postgres -- "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust >/dev/null
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR" start >/dev/null
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "throwaway PostgreSQL on 127.0.0.1:$PG_PORT"
}

stop_throwaway_postgres() {
  [ -n "${PG_DIR:-}" ] || return 0
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
