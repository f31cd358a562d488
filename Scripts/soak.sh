#!/usr/bin/env bash
# The soak test (`make soak`, not in CI): the ASan-built browser on several kinds of
# data at once, each in a tmux server of its own, driven with random keys and
# random resizes for SOAK_SECONDS (600 by default) while its servers are restarted:
#
#   json     a JSON file whose pictures are URLs on the local HTTP test server
#   sqlite   a SQLite file of 5,000 rows
#   watch    a JSON Lines file under --watch that keeps growing and is sometimes rewritten
#   feed     an HTTP feed URL on the test server (Link-header pages), when the binary
#            takes URLs (`waterfall --help` names FILE|DIR|URL)
#   postgres a PostgreSQL table in a throwaway cluster on a Unix socket, when the
#            binary takes postgresql:// URLs
#
# The HTTP server (Scripts/test-http-server.py, 127.0.0.1, same port every time) and
# the PostgreSQL cluster (initdb/pg_ctl as Tests/TestSupport/TestPostgres.swift does,
# as the postgres user when root; always stopped by the trap) are restarted about
# every SOAK_RESTART_SECONDS (60). Every few seconds each program must be alive and
# its pane not empty; a program that quit with exit 0 (an Esc that reached the
# cards) is started again and counted, any other end is a failure. At the end each
# is quit with exit 0 and no ASan or LeakSanitizer report may have been written
# (ASAN_OPTIONS=log_path). Prints keys sent, resizes, restarts and each program's
# peak RSS (VmHWM); exits non-zero on any failure. Nothing leaves loopback.
#
#   SOAK_SECONDS=120 Scripts/soak.sh
#   SOAK_SKIP_BUILD=1 Scripts/soak.sh                 # the binary in .build-asan as it is
#   SOAK_BINARY=.build/release/waterfall Scripts/soak.sh
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
SECONDS_TO_RUN=${SOAK_SECONDS:-600}
RESTART_EVERY=${SOAK_RESTART_SECONDS:-60}
SCRATCH=${SOAK_SCRATCH:-.build-asan}
WORK=$(mktemp -d /tmp/waterfall-soak.XXXXXX)
chmod 755 "$WORK"
ASAN_LOG="$WORK/asan"
HTTP_PID=""
WRITER_PID=""
PG_STARTED=""
PROGRAMS=()

tm() { local name=$1; shift; tmux -S "$WORK/tmux-$name.sock" "$@"; }
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
stop_pg() { [ -n "$PG_STARTED" ] && as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -w -t 60 stop -m immediate >/dev/null 2>&1; PG_STARTED=""; }
stop_http() { [ -n "$HTTP_PID" ] && { kill "$HTTP_PID" 2>/dev/null; wait "$HTTP_PID" 2>/dev/null; }; HTTP_PID=""; }
cleanup() {
  for name in "${PROGRAMS[@]}"; do tm "$name" kill-server 2>/dev/null; done
  [ -n "$WRITER_PID" ] && { kill "$WRITER_PID" 2>/dev/null; wait "$WRITER_PID" 2>/dev/null; }
  stop_http
  stop_pg
}
trap cleanup EXIT
trap 'exit 130' INT TERM

declare -A PID PEAK QUITS
keys_sent=0; resizes=0; http_restarts=0; pg_restarts=0; checks=0
figures() {
  echo "soak: programs ${PROGRAMS[*]}; keys sent $keys_sent, resizes $resizes, checks $checks," \
    "HTTP server restarts $http_restarts, PostgreSQL restarts $pg_restarts"
  for name in "${PROGRAMS[@]}"; do
    echo "soak: $name: peak RSS ${PEAK[$name]:-0} kB, quit by a key and started again ${QUITS[$name]:-0} times"
  done
}
fail() {
  echo "soak: FAILED: $*"
  figures
  for log in "$ASAN_LOG".*; do [ -f "$log" ] && { echo "== $log"; head -40 "$log"; }; done
  echo "soak: work files kept in $WORK"
  exit 1
}

# The binary, built with ASan as `make test-asan` builds (its scratch folder).
if [ -n "${SOAK_BINARY:-}" ]; then
  BIN=$(cd "$(dirname "$SOAK_BINARY")" && pwd)/$(basename "$SOAK_BINARY")
else
  if [ -z "${SOAK_SKIP_BUILD:-}" ]; then
    swift build --sanitize=address --scratch-path "$SCRATCH" --product waterfall || fail "the ASan build"
  fi
  BIN=$(swift build --sanitize=address --scratch-path "$SCRATCH" --show-bin-path)/waterfall
fi
[ -x "$BIN" ] || fail "no binary at $BIN"
HELP=$("$BIN" --help 2>&1)
takes_urls=""; takes_postgres=""
grep -qF 'FILE|DIR|URL' <<<"$HELP" && takes_urls=1
grep -q 'postgresql://' <<<"$HELP" && takes_postgres=1

# The HTTP test server, on the same port after each restart.
HTTP_PORT=0
start_http() {
  : >"$WORK/http.port"
  python3 Scripts/test-http-server.py --log "$WORK/http.log" --port "$HTTP_PORT" >"$WORK/http.port" 2>>"$WORK/http.err" &
  HTTP_PID=$!
  for _ in $(seq 1 100); do [ -s "$WORK/http.port" ] && break; sleep 0.1; done
  [ -s "$WORK/http.port" ] || fail "the HTTP server did not start (see $WORK/http.err)"
  HTTP_PORT=$(head -n 1 "$WORK/http.port")
}
start_http
BASE="http://127.0.0.1:$HTTP_PORT"

# The PostgreSQL cluster: its data, socket and log in $WORK/pg, no TCP.
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
PG_DIR="$WORK/pg"; PG_DATA="$PG_DIR/data"; PG_PORT=$((20000 + $$ % 20000))
# Started (and restarted) whether or not the binary reads PostgreSQL yet.
if [ -x "$PG_BIN/initdb" ] || [ -n "$takes_postgres" ]; then
  [ -x "$PG_BIN/initdb" ] || fail "no initdb under /usr/lib/postgresql"
  mkdir -p "$PG_DIR"
  [ "$(id -u)" = 0 ] && chown postgres: "$PG_DIR"
  as_postgres "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$WORK/initdb.log" 2>&1 ||
    fail "initdb (see $WORK/initdb.log)"
  printf '%s\n' "listen_addresses=''" "unix_socket_directories='$PG_DIR'" "port=$PG_PORT" "fsync=off" \
    "synchronous_commit=off" "full_page_writes=off" "shared_buffers=16MB" "timezone='UTC'" |
    as_postgres sh -c "cat >> '$PG_DATA/postgresql.conf'"
  as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -w -t 60 -l "$PG_DIR/log" start >/dev/null || fail "pg_ctl start (see $PG_DIR/log)"
  PG_STARTED=1
  "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_DIR" -p "$PG_PORT" -U postgres -d postgres >/dev/null <<'SQL' || fail "filling the table"
CREATE TABLE items (id int PRIMARY KEY, title text NOT NULL, price numeric(8,2), tags text[], meta jsonb, made timestamptz);
INSERT INTO items
SELECT i, (ARRAY['alpha','beta','gamma','river','stone','cedar'])[1 + i % 6] || ' ' || i, (i * 37 % 1000) / 7.0,
       ARRAY['t' || i % 5, 'u' || i % 3], jsonb_build_object('color', (ARRAY['red','blue','green'])[1 + i % 3], 'n', i),
       timestamptz '2024-01-01' + i * interval '1 hour'
FROM generate_series(1, 5000) AS i;
SQL
fi
PG_URL="postgresql://postgres@$(printf '%s' "$PG_DIR" | sed 's|/|%2F|g'):$PG_PORT/postgres"

# The data files.
python3 - "$WORK" "$BASE" <<'PY' || fail "making the data files"
import json, sqlite3, sys, random
work, base = sys.argv[1], sys.argv[2]
words = ["alpha", "beta", "gamma", "delta", "river", "stone", "cloud", "maple", "cedar", "amber"]
items = [{"id": i, "title": f"{random.choice(words)} {random.choice(words)} {i}", "price": random.randint(1, 999),
          "img": f"{base}/pictures/item-{i}.png?w={random.randint(40, 400)}&h={random.randint(40, 400)}"}
         for i in range(1, 401)]
items[7]["img"] = base + "/pictures/missing.png"
with open(f"{work}/pictures.json", "w") as f:
    json.dump(items, f)
db = sqlite3.connect(f"{work}/items.db")
db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT, price REAL, note TEXT, data BLOB)")
db.executemany("INSERT INTO items VALUES (?, ?, ?, ?, ?)",
               [(i, f"{random.choice(words)} {i}", random.random() * 1000, "x" * random.randint(0, 300), bytes([i % 256]) * 8)
                for i in range(1, 5001)])
db.commit()
db.close()
with open(f"{work}/watch.jsonl", "w") as f:
    for i in range(1, 201):
        f.write(json.dumps({"id": i, "title": f"{random.choice(words)} {i}", "price": random.randint(1, 999)}) + "\n")
PY

# The --watch file's writer: a few lines every ~0.3 s, and now and then the file
# rewritten whole (a new file renamed over it).
(
  n=201
  while :; do
    for _ in 1 2 3; do printf '{"id":%d,"title":"item %d","price":%d}\n' $n $n $((RANDOM % 1000)) >>"$WORK/watch.jsonl"; n=$((n + 1)); done
    if [ $((RANDOM % 60)) = 0 ]; then
      for i in $(seq $n $((n + 50 + RANDOM % 300))); do printf '{"id":%d,"title":"again %d"}\n' "$i" "$i"; done >"$WORK/watch.new"
      mv "$WORK/watch.new" "$WORK/watch.jsonl"
    fi
    sleep 0.3
  done
) &
WRITER_PID=$!

declare -A COMMAND
COMMAND[json]="'$BIN' --fetch-pictures '$WORK/pictures.json'"
COMMAND[sqlite]="'$BIN' '$WORK/items.db'"
COMMAND[watch]="'$BIN' --watch '$WORK/watch.jsonl'"
PROGRAMS=(json sqlite watch)
if [ -n "$takes_urls" ]; then
  COMMAND[feed]="'$BIN' '$BASE/pages/link/1?pages=40&per=25'"
  PROGRAMS+=(feed)
fi
if [ -n "$takes_postgres" ]; then
  COMMAND[postgres]="'$BIN' '$PG_URL' --table items"
  PROGRAMS+=(postgres)
fi

# Starts (or starts again) program `name` in its own tmux server; its exit status
# lands in $WORK/exit-NAME.
start() {
  local name=$1
  rm -f "$WORK/exit-$name"
  tm "$name" kill-server 2>/dev/null
  tm "$name" -f /dev/null new-session -d -x 100 -y 30 \
    env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen-256color \
    ASAN_OPTIONS="log_path=$ASAN_LOG:quarantine_size_mb=16:detect_leaks=1" \
    LSAN_OPTIONS="suppressions=$ROOT/Scripts/lsan-suppressions.txt" SWIFT_BACKTRACE=enable=no \
    sh -c "${COMMAND[$name]}; echo \$? > '$WORK/exit-$name'; exec sleep 100000"
  local shell
  for _ in $(seq 1 50); do
    shell=$(tm "$name" display-message -p -t 0 '#{pane_pid}' 2>/dev/null)
    PID[$name]=$(pgrep -P "$shell" 2>/dev/null | head -n 1)
    [ -n "${PID[$name]}" ] && [ "$(cat "/proc/${PID[$name]}/comm" 2>/dev/null)" = waterfall ] && return 0
    [ -s "$WORK/exit-$name" ] && break
    sleep 0.1
  done
  fail "$name did not start (exit $(cat "$WORK/exit-$name" 2>/dev/null)): $(tm "$name" capture-pane -p -t 0 2>/dev/null | grep . | head -3)"
}
for name in "${PROGRAMS[@]}"; do start "$name"; QUITS[$name]=0; PEAK[$name]=0; done
sleep 3

asan_reported() { cat "$ASAN_LOG".* 2>/dev/null | grep -q 'ERROR: \|^SUMMARY: '; }
# Alive with something on its pane, or quit with 0 (then started again); its peak RSS kept.
check() {
  local name=$1 status
  if ! kill -0 "${PID[$name]}" 2>/dev/null; then
    for _ in $(seq 1 20); do [ -s "$WORK/exit-$name" ] && break; sleep 0.1; done
    status=$(cat "$WORK/exit-$name" 2>/dev/null)
    [ "$status" = 0 ] || fail "$name ended with '${status:-nothing}' (last keys: ${LAST[$name]:-})"
    asan_reported && fail "ASan wrote a report ($name quit)"
    QUITS[$name]=$((QUITS[$name] + 1))
    start "$name"
    return
  fi
  local peak
  peak=$(awk '/^VmHWM/ {print $2}' "/proc/${PID[$name]}/status" 2>/dev/null)
  [ -n "$peak" ] && [ "$peak" -gt "${PEAK[$name]}" ] && PEAK[$name]=$peak
  tm "$name" capture-pane -p -t 0 | grep -q '[^[:space:]]' || fail "$name: the pane is empty"
}

declare -A LAST
send() {
  local name=$1; shift
  tm "$name" send-keys -t 0 "$@"
  keys_sent=$((keys_sent + $#))
  LAST[$name]="$(printf '%s' "${LAST[$name]:-}" | tail -c 100) $*"
  # A pause after Esc, so that it is never read as Alt with the next key.
  if [ "$1" = Escape ]; then sleep 0.3; else sleep 0.03; fi
}

# The key table's keys that need no way back; the others come in sequences that
# return to the cards (Esc closes what they open).
KEYS=(Up Down Left Right PPage NPage j k h l g G Tab BTab L + - r x u z S)
QUERIES=(alpha beta 'river stone' price:1 title:cedar zzzz '^gam' "'delta" 'red' '!alpha')
start_time=$(date +%s); next_check=$start_time; next_restart=$((start_time + RESTART_EVERY))
while [ $(($(date +%s) - start_time)) -lt "$SECONDS_TO_RUN" ]; do
  now=$(date +%s)
  if [ "$now" -ge "$next_check" ]; then
    for name in "${PROGRAMS[@]}"; do check "$name"; done
    checks=$((checks + 1)); next_check=$((now + 3))
    asan_reported && fail "ASan wrote a report"
  fi
  if [ "$now" -ge "$next_restart" ]; then
    stop_http; start_http; http_restarts=$((http_restarts + 1))
    if [ -n "$PG_STARTED" ]; then
      as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -w -t 60 -l "$PG_DIR/log" restart -m fast >/dev/null || fail "pg_ctl restart"
      pg_restarts=$((pg_restarts + 1))
    fi
    next_restart=$((now + RESTART_EVERY))
  fi
  name=${PROGRAMS[RANDOM % ${#PROGRAMS[@]}]}
  case $((RANDOM % 24)) in
    0) send "$name" /; tm "$name" send-keys -t 0 -l "${QUERIES[RANDOM % ${#QUERIES[@]}]}"; keys_sent=$((keys_sent + 1))
       send "$name" Enter; send "$name" "${KEYS[RANDOM % 6]}"; send "$name" Escape ;;
    1) send "$name" /; tm "$name" send-keys -t 0 -l "${QUERIES[RANDOM % ${#QUERIES[@]}]}"; keys_sent=$((keys_sent + 1))
       send "$name" Escape ;;
    2) send "$name" Enter; send "$name" j; send "$name" k; send "$name" Escape ;;
    3) send "$name" '?'; send "$name" j; send "$name" Escape ;;
    4) send "$name" s; send "$name" Down; send "$name" Escape ;;
    5) send "$name" F; send "$name" Down; send "$name" Escape ;;
    6 | 7) tm "$name" resize-window -t 0 -x $((20 + RANDOM % 181)) -y $((5 + RANDOM % 56)); resizes=$((resizes + 1)) ;;
    *) send "$name" "${KEYS[RANDOM % ${#KEYS[@]}]}" ;;
  esac
  sleep 0.0$((RANDOM % 5))
done

for name in "${PROGRAMS[@]}"; do check "$name"; done
asan_reported && fail "ASan wrote a report"
# Each quits cleanly: Esc closes what is open (or quits), q quits.
for name in "${PROGRAMS[@]}"; do
  for key in Escape Escape q; do
    kill -0 "${PID[$name]}" 2>/dev/null || break
    tm "$name" send-keys -t 0 "$key"; sleep 0.4
  done
  for _ in $(seq 1 100); do [ -s "$WORK/exit-$name" ] && break; sleep 0.2; done
  status=$(cat "$WORK/exit-$name" 2>/dev/null)
  [ "$status" = 0 ] || fail "$name: quitting exited with '${status:-nothing}'"
done
sleep 1
asan_reported && fail "ASan wrote a report at exit"
grep -q '127.0.0.1' "$WORK/http.log" 2>/dev/null || true
echo "soak: passed after $SECONDS_TO_RUN s (requests to the test server: $(grep -c '^GET\|^HEAD' "$WORK/http.log" 2>/dev/null))"
figures
cleanup
trap - EXIT
rm -rf "$WORK"
