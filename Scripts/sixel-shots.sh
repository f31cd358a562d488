#!/bin/bash
# Screenshots of waterfall drawing pictures in real pixels (sixel), for the test
# that checks the pixels land where the cards are (Tests/EndToEndTests/SixelEndToEndTests.swift).
#
#   Scripts/sixel-shots.sh OUT WATERFALL DATA KEYS
#
# Runs WATERFALL DATA twice in xterm -ti vt340 (256 colour registers, the
# bitmap font, no inner border, 100x30) under Xvfb: with --pictures sixel, then
# with --pictures blocks; each time presses KEYS (xdotool names, one by one) and
# saves the window as OUT/sixel.png and OUT/blocks.png. Needs xterm, xvfb-run,
# xdotool and ImageMagick's import.
set -eu
if [ -z "${WATERFALL_SIXEL_DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24" env WATERFALL_SIXEL_DISPLAY=1 "$0" "$@"
fi
out=$1 waterfall=$2 data=$3 keys=$4
mkdir -p "$out"
for mode in sixel blocks; do
  rm -f "$out/window"
  xterm -ti vt340 -xrm 'XTerm*numColorRegisters: 256' -xrm 'XTerm*allowSendEvents: true' -b 0 \
    -geometry 100x30+0+0 -bg black -fg white \
    -e sh -c "echo \$WINDOWID > '$out/window'; exec env -u NO_COLOR LANG=C.UTF-8 TERM=xterm-256color '$waterfall' --no-animation --pictures $mode '$data'" &
  pid=$!
  for _ in $(seq 50); do [ -s "$out/window" ] && break; sleep 0.1; done
  window=$(cat "$out/window")
  sleep 4
  for key in $keys; do
    xdotool key --window "$window" "$key"
    sleep 1
  done
  sleep 3
  import -window "$window" "$out/$mode.png"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
done
echo "sixel-shots: $out/sixel.png $out/blocks.png"
