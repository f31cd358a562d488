#!/usr/bin/env bash
# The soak test (`make soak`, not in CI): the ASan-built browser under --watch on a
# JSON Lines file that keeps growing (and is sometimes cut short or rewritten),
# driven with random keys and random resizes for SOAK_SECONDS (600 by default).
# ASan's quarantine is cut to 16 MB (from 256) so that RSS tells leak growth from
# freed memory held back; at exit ASan's own statistics are printed (print_stats:
# its allocator's mapped memory and stack depot, which RSS includes). At the end: still running, nothing from ASan, the screen equal to its repaint
# (Ctrl-L), and q exits 0. Prints the figures: keys, resizes, rewrites, RSS.
#
#   SOAK_SECONDS=120 Scripts/soak.sh
#   SOAK_BINARY=.build/release/waterfall Scripts/soak.sh   # drive this binary instead
#                                     # (no ASan build: to tell ASan's own memory from growth)
#   SOAK_LAUNCHER="heaptrack -o /tmp/soak" Scripts/soak.sh  # run the program under this
#
# Esc and Enter at the top level would quit or open details, so they are only sent
# inside sequences that bring the browser back to the cards (search, details, help).
# A reload closes details whose item is gone, and the Esc meant for them would then
# quit: while details are open the writer only appends (the PAUSE file), and the
# sequence starts after the last cut has been reloaded.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
SECONDS_TO_RUN=${SOAK_SECONDS:-600}
SCRATCH=${SOAK_SCRATCH:-.build-asan}
WORK=$(mktemp -d /tmp/waterfall-soak.XXXXXX)
SOCKET="wf-soak-$$"
DATA="$WORK/data.jsonl"
ASAN_LOG="$WORK/asan"
EXIT_FILE="$WORK/exit"
WRITER_PID=""

tm() { tmux -S "$WORK/tmux.sock" "$@"; }
cleanup() {
  [ -n "$WRITER_PID" ] && kill "$WRITER_PID" 2>/dev/null
  tm kill-server 2>/dev/null
}
trap cleanup EXIT
figures() {
  [ -n "${keys_sent:-}" ] || return 0
  echo "soak: keys sent $keys_sent, resizes $resizes, file rewrites $(cat "$REWRITES_FILE"), final file $(wc -l < "$DATA") lines," \
    "details closed by a reload before their Esc $details_closed"
  echo "soak: the last keys: ${last_keys:-}"
  echo "soak: RSS (kB, $samples samples every 10 s) first $rss_first, last $rss_last, max $rss_max"
  echo "soak: every RSS sample (kB@lines in the file): ${rss_all:-}"
}
fail() {
  echo "soak: FAILED: $*"; figures
  for log in "$ASAN_LOG".*; do [ -f "$log" ] && grep -v '^Stats\|^  \|quarantine\|exit stats' "$log" | head -30; done
  echo "soak: work files kept in $WORK"; exit 1
}

if [ -n "${SOAK_BINARY:-}" ]; then
  BIN=$(cd "$(dirname "$SOAK_BINARY")" && pwd)/$(basename "$SOAK_BINARY")
else
  if [ -z "${SOAK_SKIP_BUILD:-}" ]; then
    swift build --sanitize=address --scratch-path "$SCRATCH" --product waterfall || fail "the ASan build"
  fi
  BIN=$(swift build --sanitize=address --scratch-path "$SCRATCH" --show-bin-path)/waterfall
fi
[ -x "$BIN" ] || fail "no binary at $BIN"

# One item a line; words to search for, numbers to sort by.
WORDS=(alpha beta gamma delta river stone cloud maple cedar amber)
line() {
  local n=$1
  printf '{"id":%d,"title":"%s %s %d","price":%d,"tags":["%s","%s"],"note":"%s"}\n' \
    "$n" "${WORDS[RANDOM % 10]}" "${WORDS[RANDOM % 10]}" "$n" $((RANDOM % 1000)) \
    "${WORDS[RANDOM % 10]}" "${WORDS[RANDOM % 10]}" "$(head -c $((RANDOM % 200)) /dev/zero | tr '\0' x)"
}
for i in $(seq 1 200); do line "$i"; done > "$DATA"

# The writer: appends a few lines every ~0.3 s; now and then cuts the file to its
# first lines (in place) or rewrites it whole (a new file renamed over it). The
# file never holds fewer than 20 items, so a details key always finds a card.
REWRITES_FILE="$WORK/rewrites"
PAUSE="$WORK/pause"
echo 0 > "$REWRITES_FILE"
(
  n=201; rewrites=0
  while :; do
    for _ in 1 2 3; do line $n >> "$DATA"; n=$((n + 1)); done
    [ -e "$PAUSE" ] && cut=99 || cut=$((RANDOM % 40))
    case $cut in
      0) keep=$((20 + RANDOM % 100))
         truncate -s "$(head -n "$keep" "$DATA" | wc -c)" "$DATA"
         rewrites=$((rewrites + 1)); echo $rewrites > "$REWRITES_FILE" ;;
      1) for i in $(seq 1 $((20 + RANDOM % 300))); do line $((n + i)); done > "$DATA.new"
         mv "$DATA.new" "$DATA"; n=$((n + 400))
         rewrites=$((rewrites + 1)); echo $rewrites > "$REWRITES_FILE" ;;
    esac
    sleep 0.3
  done
) &
WRITER_PID=$!

tm -f /dev/null new-session -d -x 100 -y 30 \
  env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen-256color \
  ASAN_OPTIONS="log_path=$ASAN_LOG:quarantine_size_mb=16:print_stats=1:atexit=1" LSAN_OPTIONS="suppressions=$ROOT/Scripts/lsan-suppressions.txt" \
  SWIFT_BACKTRACE=enable=no \
  sh -c "${SOAK_LAUNCHER:-} '$BIN' --watch '$DATA'; echo \$? > '$EXIT_FILE'; exec sleep 600"
sleep 3
SHELL_PID=$(tm display-message -p -t 0 '#{pane_pid}')
PID=$(pgrep -P "$SHELL_PID" | head -n 1)
# Under a launcher the program is the launcher's child (or grandchild).
if [ -n "${SOAK_LAUNCHER:-}" ]; then
  for _ in 1 2 3; do
    pid_name=$(cat "/proc/$PID/comm" 2>/dev/null)
    [ "$pid_name" = waterfall ] && break
    child=$(pgrep -P "$PID" | head -n 1); [ -n "$child" ] && PID=$child
  done
fi
[ -n "$PID" ] || fail "the program did not start"

KEYS=(Up Down Left Right j k NPage G g L z + - x u u s S r)
QUERIES=(alpha beta 'river stone' price:1 tags:cedar zzzz '^gam' "'delta" maple!)
keys_sent=0; resizes=0; details_closed=0; rss_first=""; rss_last=0; rss_max=0; samples=0
# A pause after each key, so that Esc is never read as Alt with the next one.
send() {
  tm send-keys -t 0 "$@"; keys_sent=$((keys_sent + $#))
  last_keys="$(printf '%s' "${last_keys:-}" | tail -c 120) $*"
  if [ "$1" = Escape ]; then sleep 0.3; else sleep 0.05; fi
}
rss() { awk '/^VmRSS/ {print $2}' "/proc/$PID/status" 2>/dev/null; }
alive() { kill -0 "$PID" 2>/dev/null; }

start=$(date +%s); next_sample=$start
while [ $(( $(date +%s) - start )) -lt "$SECONDS_TO_RUN" ]; do
  alive || fail "the program ended during the run (exit $(cat "$EXIT_FILE" 2>/dev/null))"
  now=$(date +%s)
  if [ "$now" -ge "$next_sample" ]; then
    r=$(rss); [ -n "$r" ] && { [ -z "$rss_first" ] && rss_first=$r; rss_last=$r
      [ "$r" -gt "$rss_max" ] && rss_max=$r; samples=$((samples + 1)); rss_all="${rss_all:-}$r@$(wc -l < "$DATA") "; }
    next_sample=$((now + 10))
  fi
  case $((RANDOM % 20)) in
    0) # search, keep it, move, clear it
       send /; tm send-keys -t 0 -l "${QUERIES[RANDOM % ${#QUERIES[@]}]}"; keys_sent=$((keys_sent + 1))
       send Enter; send "${KEYS[RANDOM % 6]}"; send Escape ;;
    1) # details: open, move, close (no cut meanwhile; 1.2 s for the last one's reload)
       touch "$PAUSE"; sleep 1.2
       # Esc only when the panel is still open: a reload under load can close it
       # first, and Esc on the cards quits.
       send Enter; send j; send k
       if tm capture-pane -p -t 0 | grep -q ' Details '; then send Escape; else details_closed=$((details_closed + 1)); fi
       rm -f "$PAUSE" ;;
    2) send '?'; send j; send Escape ;;
    3) tm resize-window -t 0 -x $((20 + RANDOM % 181)) -y $((5 + RANDOM % 56)); resizes=$((resizes + 1)) ;;
    *) send "${KEYS[RANDOM % ${#KEYS[@]}]}" ;;
  esac
  sleep 0.0$((RANDOM % 10))
done

kill "$WRITER_PID" 2>/dev/null; wait "$WRITER_PID" 2>/dev/null; WRITER_PID=""
alive || fail "the program ended (exit $(cat "$EXIT_FILE" 2>/dev/null))"
# A report from ASan or LeakSanitizer (the statistics come at exit only).
asan_reported() { cat "$ASAN_LOG".* 2>/dev/null | grep -q 'ERROR: \|^SUMMARY: '; }
asan_reported && fail "ASan wrote $(ls "$ASAN_LOG".*)"

# The screen equals its repaint: wait until it stops changing, Ctrl-L, wait again.
settled() {
  local a b
  a=$(tm capture-pane -p -t 0)
  for _ in $(seq 1 50); do
    sleep 0.4; b=$(tm capture-pane -p -t 0)
    [ "$a" = "$b" ] && { printf '%s' "$b"; return 0; }
    a=$b
  done
  return 1
}
tm resize-window -t 0 -x 100 -y 30; sleep 1
before=$(settled) || fail "the screen never settled"
tm send-keys -t 0 C-l
after=$(settled) || fail "the screen never settled after Ctrl-L"
if [ "$before" != "$after" ]; then
  printf '%s\n' "$before" > "$WORK/before"; printf '%s\n' "$after" > "$WORK/after"
  diff "$WORK/before" "$WORK/after" | head -20
  fail "the screen differs from its repaint"
fi

tm send-keys -t 0 q
for _ in $(seq 1 50); do [ -s "$EXIT_FILE" ] && break; sleep 0.2; done
status=$(cat "$EXIT_FILE" 2>/dev/null)
[ "$status" = 0 ] || fail "q exited with '${status:-nothing}'"
asan_reported && fail "ASan wrote $(ls "$ASAN_LOG".*)"
# ASan's own memory at exit: what RSS holds besides the program's live heap.
cat "$ASAN_LOG".* 2>/dev/null | grep -E '^(Stats: .*(malloced|freed|mmaped|StackDepot|SizeClassAllocator|LargeMmapAllocator)|Global quarantine)' |
  sed 's/^/soak: ASan at exit: /'

echo "soak: passed after ${SECONDS_TO_RUN} s"
figures
cleanup; trap - EXIT
rm -rf "$WORK"
