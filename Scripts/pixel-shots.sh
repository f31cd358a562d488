#!/bin/bash
# Screenshots of waterfall drawing pictures in real pixels, for the tests that
# check the pixels land where the cards are (Tests/EndToEndTests/PixelsEndToEndTests.swift).
#
#   Scripts/pixel-shots.sh OUT WATERFALL DATA KEYS TERMINAL [PICTURES]
#
# TERMINAL is xterm (xterm -ti vt340, 256 colour registers, the bitmap font, no
# inner border: --pictures sixel), kitty (software GL: --pictures kitty) or tmux
# (that xterm running tmux 3.3+ with allow-passthrough on, a 39-column pane on
# the left and waterfall in a 100x30 pane right of it, at column 40: sixel
# through tmux's passthrough). Runs
# WATERFALL DATA twice in a 100x30 terminal under Xvfb, with real pixels and
# then with --pictures blocks; each time presses KEYS (xdotool names, one by one)
# and saves the screen as OUT/pixels.png and OUT/blocks.png, the terminal's size
# in pixels (TIOCGWINSZ: rows columns width height) in OUT/size.txt. PICTURES
# (xterm only) replaces --pictures sixel in the run with real pixels: `auto` has
# the terminal asked. Needs xvfb-run, xdotool, ImageMagick's import and the terminal.
set -eu
if [ -z "${WATERFALL_PIXELS_DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24" env WATERFALL_PIXELS_DISPLAY=1 "$0" "$@"
fi
out=$1 waterfall=$2 data=$3 keys=$4 terminal=${5:-xterm} pictures=${6:-sixel}
mkdir -p "$out"
size="python3 -c 'import fcntl, termios, struct; print(*struct.unpack(\"HHHH\", fcntl.ioctl(0, termios.TIOCGWINSZ, bytes(8))))' > '$out/size.txt'"
for mode in pixels blocks; do
  rm -f "$out/window" "$out/size.txt"
  case "$terminal" in
    tmux)
      [ "$mode" = pixels ] && how=sixel || how=blocks
      socket="wf-pixels-$$-$mode"
      printf 'set -g allow-passthrough on\nset -g status off\nset -g default-terminal screen-256color\n' > "$out/tmux.conf"
      printf '#!/bin/sh\n%s\nexec env -u NO_COLOR LANG=C.UTF-8 %s --no-animation --pictures %s %s\n' \
        "$size" "'$waterfall'" "$how" "'$data'" > "$out/pane.sh"
      xterm -ti vt340 -xrm 'XTerm*numColorRegisters: 256' -xrm 'XTerm*allowSendEvents: true' -b 0 \
        -geometry 140x30+0+0 -bg black -fg white \
        -e sh -c "echo \$WINDOWID > '$out/window'; exec env TERM=xterm-256color tmux -L $socket -f '$out/tmux.conf' new-session 'sleep 600' \; split-window -h -l 100 'sh $out/pane.sh'" &
      ;;
    xterm)
      [ "$mode" = pixels ] && how=$pictures || how=blocks
      xterm -ti vt340 -xrm 'XTerm*numColorRegisters: 256' -xrm 'XTerm*allowSendEvents: true' -b 0 \
        -geometry 100x30+0+0 -bg black -fg white \
        -e sh -c "echo \$WINDOWID > '$out/window'; $size; exec env -u NO_COLOR LANG=C.UTF-8 TERM=xterm-256color '$waterfall' --no-animation --pictures $how '$data'" &
      ;;
    kitty)
      [ "$mode" = pixels ] && how=kitty || how=blocks
      LIBGL_ALWAYS_SOFTWARE=1 kitty -o initial_window_width=100c -o initial_window_height=30c -o window_padding_width=0 \
        -o remember_window_size=no -o placement_strategy=top-left -o font_size=9 \
        sh -c "echo root > '$out/window'; $size; exec env -u NO_COLOR LANG=C.UTF-8 '$waterfall' --no-animation --pictures $how '$data'" 2>/dev/null &
      ;;
  esac
  pid=$!
  for _ in $(seq 100); do [ -s "$out/window" ] && [ -s "$out/size.txt" ] && break; sleep 0.1; done
  window=$(cat "$out/window")
  sleep 5
  if [ "$terminal" = kitty ]; then
    xdotool windowfocus --sync "$(xdotool search --class kitty | head -1)" 2>/dev/null || true
  fi
  for key in $keys; do
    if [ "$terminal" = kitty ]; then xdotool key "$key"; else xdotool key --window "$window" "$key"; fi
    sleep 1
  done
  sleep 3
  import -window "$window" "$out/$mode.png"
  [ "$terminal" = tmux ] && tmux -L "$socket" kill-server 2>/dev/null
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
done
echo "pixel-shots: $out/pixels.png $out/blocks.png"
