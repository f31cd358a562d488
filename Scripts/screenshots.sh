#!/usr/bin/env bash
# Screenshots of the real program, for the README: the browser runs in xterm (a
# real terminal emulator) on a virtual X display (Xvfb), and each shot is the
# xterm window saved as PNG with ImageMagick's `import`.
#
#   Scripts/screenshots.sh [OUT_DIR]        # default docs/screenshots
#   SHOTS=shops Scripts/screenshots.sh /tmp/shots   # one shot only (the test's)
#
# The program runs inside tmux inside xterm: tmux gives the script keys to send
# and a screen to wait on (the pictures decoded), and passes 24-bit colour on to
# xterm (terminal-features RGB). The program sees TERM=xterm-256color and
# COLORTERM=truecolor, as in a desktop terminal. Needs xterm, xvfb-run, import
# (imagemagick), tmux and a built binary (WATERFALL, default the release build);
# `make screenshots` installs and builds them. Prints each file with its size.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-docs/screenshots}
WATERFALL=${WATERFALL:-.build/release/waterfall}
SHOTS=${SHOTS:-shops details pictures}
COLS=${SCREEN_COLUMNS:-110}
ROWS=${SCREEN_ROWS:-34}
FONT=${SCREEN_FONT:-DejaVu Sans Mono}
FONT_SIZE=${SCREEN_FONT_SIZE:-11}

# Everything below runs on a virtual display of its own.
if [ -z "${WATERFALL_SCREENSHOTS_DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1920x1200x24" env WATERFALL_SCREENSHOTS_DISPLAY=1 "$0" "$@"
fi

mkdir -p "$OUT"
WATERFALL=$(realpath "$WATERFALL")
WORK=$(mktemp -d)
SOCKET="wf-shots-$$"
XTERM_PID=""
cleanup() {
  [ -n "$XTERM_PID" ] && kill "$XTERM_PID" 2>/dev/null || true
  tmux -L "$SOCKET" kill-server 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

cat > "$WORK/tmux.conf" <<'CONF'
set -g status off
set -g escape-time 0
set -g default-terminal screen-256color
set -as terminal-features ',xterm*:RGB'
CONF

t() { tmux -L "$SOCKET" -f "$WORK/tmux.conf" "$@"; }

# Waits until the pane's text matches the extended regular expression $1.
wait_for() {
  for _ in $(seq 1 600); do
    if t capture-pane -p -t 0 | grep -Eq -- "$1"; then return 0; fi
    sleep 0.05
  done
  echo "screenshots: timed out waiting for /$1/; the screen was:" >&2
  t capture-pane -p -t 0 >&2
  return 1
}

# shoot NAME WAIT_REGEX KEYS... -- COMMAND: runs COMMAND (waterfall's arguments)
# in tmux, waits for the screen, presses KEYS (waiting for WAIT_AFTER_KEYS when
# set), then shows it in xterm and saves the window as OUT/NAME.png.
shoot() {
  local name=$1 ready=$2
  shift 2
  local keys=()
  while [ "$1" != "--" ]; do keys+=("$1"); shift; done
  shift
  t new-session -d -x "$COLS" -y "$ROWS" \
    env -u NO_COLOR LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color COLORTERM=truecolor \
    "$WATERFALL" "$@"
  wait_for "$ready"
  if [ ${#keys[@]} -gt 0 ]; then
    t send-keys -t 0 "${keys[@]}"
    wait_for "${WAIT_AFTER_KEYS:-.}"
  fi
  sleep 0.3
  rm -f "$WORK/window"
  xterm -geometry "${COLS}x${ROWS}+0+0" -fa "$FONT" -fs "$FONT_SIZE" -bg '#1d1f21' -fg '#d8d8d8' \
    -b 0 +sb -xrm 'XTerm*cursorColor: #1d1f21' \
    -e sh -c "echo \$WINDOWID > '$WORK/window'; TERM=xterm-256color exec tmux -L '$SOCKET' -f '$WORK/tmux.conf' attach" &
  XTERM_PID=$!
  for _ in $(seq 1 100); do [ -s "$WORK/window" ] && break; sleep 0.05; done
  local window
  window=$(cat "$WORK/window")
  # Saves until two shots in a row are the same: xterm has drawn everything.
  local previous="$WORK/previous.png" current="$WORK/current.png"
  rm -f "$previous"
  for _ in $(seq 1 40); do
    sleep 0.25
    import -window "$window" "$current"
    if [ -f "$previous" ] && cmp -s "$previous" "$current"; then break; fi
    mv "$current" "$previous"
  done
  mv "$current" "$OUT/$name.png" 2>/dev/null || mv "$previous" "$OUT/$name.png"
  kill "$XTERM_PID" 2>/dev/null || true
  wait "$XTERM_PID" 2>/dev/null || true
  XTERM_PID=""
  t kill-server 2>/dev/null || true
  echo "$OUT/$name.png $(identify -format '%wx%h' "$OUT/$name.png")"
}

for shot in $SHOTS; do
  case $shot in
    shops) shoot shops '▀▀▀▀▀▀▀▀' -- Data/shops ;;
    details) WAIT_AFTER_KEYS='▀▀▀▀▀▀▀▀' shoot details '▀▀▀▀▀▀▀▀' Right Enter -- Data/shops ;;
    pictures) shoot pictures '▀▀▀▀▀▀▀▀' -- Data/pictures ;;
    *) echo "screenshots: no shot named $shot" >&2; exit 2 ;;
  esac
done
