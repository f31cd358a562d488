#!/bin/bash
# The CPU a whole load takes, by thread: the browser in tmux (160x45, --pictures blocks) on FILE until its
# status bar says all N items are in, then the main thread's and the whole program's user+system seconds
# from /proc. Wall time on a shared machine says more about the load than the program; these do not.
#
#   Scripts/load-cpu.sh .build/release/waterfall bench-data/shops-1m.jsonl 1000000
#   waterfall elapsed_ms=2773 main_cpu_s=0.57 total_cpu_s=4.14 load=3.06
set -eu
bin=$(realpath "$1"); file=$2; count=$3
socket=load-cpu-$$
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
tmux -L "$socket" new-session -d -x 160 -y 45 "exec '$bin' --pictures blocks '$file'"
start=$(date +%s%N)
pid=$(tmux -L "$socket" list-panes -F '#{pane_pid}')
for _ in $(seq 1 60000); do
  if tmux -L "$socket" capture-pane -p | grep -q "/$count │"; then break; fi
  sleep 0.01
done
end=$(date +%s%N)
tick=$(getconf CLK_TCK)
main=$(awk -v t="$tick" '{print ($14 + $15) / t}' "/proc/$pid/task/$pid/stat")
total=$(awk -v t="$tick" '{print ($14 + $15) / t}' "/proc/$pid/stat")
echo "$(basename "$bin") elapsed_ms=$(( (end - start) / 1000000 )) main_cpu_s=$main total_cpu_s=$total load=$(cut -d' ' -f1 /proc/loadavg)"
