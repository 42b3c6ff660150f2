#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests of ListAdapterPostgres.
#
#   .ci/postgres.sh start [DIR]   creates and starts a cluster in DIR (default
#                                 ${TMPDIR:-/tmp}/listadapter-postgres), then prints the
#                                 line to export: LISTADAPTER_POSTGRES_URL=postgres://...
#   .ci/postgres.sh stop [DIR]    stops it and deletes DIR
#   .ci/postgres.sh halt [DIR]    stops the server, keeping its data (a test of a restart)
#   .ci/postgres.sh resume [DIR]  starts it again on the same port
#
# The server runs as an unprivileged user (initdb refuses root: `postgres` when Debian's
# package created it, else `nobody`), listens on loopback port $LISTADAPTER_POSTGRES_PORT
# (default 55432, or the next free one when another server has it) and on a Unix socket in DIR, with fsync off (throwaway data). Two roles:
# `listadapter` (password `listadapter`, owns database `listadapter`: the tests' owned
# sources) and `reader` (password `reader`, may only SELECT what it is granted). Needs the
# server binaries: Debian's `postgresql` package (.ci/run installs it).
set -euo pipefail
action=${1:-}
dir=${2:-${TMPDIR:-/tmp}/listadapter-postgres}
port=${LISTADAPTER_POSTGRES_PORT:-55432}
# Whether something already listens on loopback port $1.
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

bindir=""
for candidate in /usr/lib/postgresql/*/bin; do
    [ -x "$candidate/initdb" ] && bindir=$candidate
done
if [ -z "$bindir" ]; then
    echo "postgres.sh: no PostgreSQL server binaries (apt-get install postgresql)" >&2
    exit 2
fi
if id postgres >/dev/null 2>&1; then user=postgres; else user=nobody; fi
as_user() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u "$user" -- "$@"; else "$@"; fi
}

# Runs "$@" holding no file descriptor but 0-2. The server pg_ctl starts keeps what it
# inherits for its whole life, so a caller waiting for one to close (a pipe it reads to
# the end; the socket Foundation's Process watches to learn its child exited) would wait
# until the server stops.
without_inherited_fds() {
    (
        for fd in /proc/$BASHPID/fd/*; do
            fd=${fd##*/}
            if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
        done
        "$@"
    )
}

case "$action" in
start)
    if [ -f "$dir/data/postmaster.pid" ] && as_user "$bindir/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
        echo "LISTADAPTER_POSTGRES_URL=postgres://listadapter:listadapter@127.0.0.1:$(cat "$dir/port")/listadapter"
        exit 0
    fi
    rm -rf "$dir"
    # Another server on the default port (a developer's, another run's): take the next free
    # one, unless a port was asked for.
    if [ -z "${LISTADAPTER_POSTGRES_PORT:-}" ]; then
        while port_taken "$port"; do port=$((port + 1)); done
    fi
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown "$user" "$dir"
    printf 'listadapter\n' >"$dir/pwfile"
    [ "$(id -u)" -eq 0 ] && chown "$user" "$dir/pwfile"
    as_user "$bindir/initdb" -D "$dir/data" -U listadapter --pwfile="$dir/pwfile" -A scram-sha-256 \
        --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    echo "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >"$dir/options"
    without_inherited_fds as_user "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(cat "$dir/options")" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    PGPASSWORD=listadapter "$bindir/psql" -X -q -h 127.0.0.1 -p "$port" -U listadapter -d postgres -v ON_ERROR_STOP=1 <<'SQL' >/dev/null
CREATE DATABASE listadapter;
CREATE ROLE reader LOGIN PASSWORD 'reader';
SQL
    echo "LISTADAPTER_POSTGRES_URL=postgres://listadapter:listadapter@127.0.0.1:$port/listadapter"
    ;;
halt)
    as_user "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
    ;;
resume)
    without_inherited_fds as_user "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(cat "$dir/options")" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    ;;
stop)
    if [ -d "$dir/data" ]; then
        as_user "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: .ci/postgres.sh start|stop|halt|resume [DIR]" >&2
    exit 2
    ;;
esac
