#!/usr/bin/env bash
# Ctrl-C in `djambi train`: the run stops cleanly with its checkpoint and player saved, says how
# to continue, exits 0, and `--resume` finishes it. During the start-up (a config that never
# comes) SIGTERM and Ctrl-C end it at once.
set -euo pipefail
djambi=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# wait_until TRIES COMMAND...: true once COMMAND is, polled every 0.1 s, at most TRIES times.
wait_until() {
  local tries=$1
  shift
  for _ in $(seq 1 "$tries"); do
    "$@" && return 0
    sleep 0.1
  done
  return 1
}

"$djambi" train --config "$src/configs/tictactoe.yaml" --run "$dir/run" --set learner.max_steps=0 \
  --set learner.max_minutes=10 --set evaluation.every_steps=0 > "$dir/out" 2> "$dir/err" &
pid=$!
# Wait for the first learner steps, then interrupt.
wait_until 600 test -s "$dir/run/metrics.jsonl" || fail "no learner step within a minute: $(cat "$dir/err")"
kill -INT $pid
code=0
wait $pid || code=$?
[ $code = 0 ] || fail "exit $code after Ctrl-C: $(cat "$dir/err")"
grep -q "stopping after this step" "$dir/err" || fail "no notice of the stop: $(cat "$dir/err")"
grep -q "^stopped at step [0-9]*; continue with: djambi train --resume $dir/run$" "$dir/out" || fail "$(cat "$dir/out")"
grep -q "^player saved to $dir/run/players/final.djp$" "$dir/out" || fail "no player: $(cat "$dir/out")"
! grep -q "win rate" "$dir/out" || fail "the closing evaluation ran after a stop"
step=$(sed -n 's/^stopped at step \([0-9]*\);.*/\1/p' "$dir/out")
[ -s "$dir/run/checkpoints/step-$step.pt" ] || fail "no checkpoint of step $step: $(ls "$dir/run/checkpoints")"
"$djambi" arena --game tictactoe --players "az:$dir/run/players/final.djp,sims=8,random" --games 2 \
  --out "$dir/arena" > /dev/null || fail "the saved player does not play"

# A signal during the start-up ends the process at once, with that signal's status, even in a
# read that blocks: here a config on a FIFO whose writer is open and sends nothing.
mkfifo "$dir/config.fifo"
for sig in TERM INT; do
  rm -f "$dir/opened"
  "$djambi" train --config "$dir/config.fifo" --run "$dir/fifo-run" > /dev/null 2> "$dir/err" &
  pid=$!
  # The writer's open returns once djambi has opened the FIFO to read (its handlers are set).
  (exec 3> "$dir/config.fifo"; touch "$dir/opened"; exec sleep 60) &
  writer=$!
  wait_until 300 test -e "$dir/opened" || fail "SIG$sig: djambi never opened the config: $(cat "$dir/err")"
  sleep 0.2  # into its read
  kill -$sig $pid
  for _ in $(seq 1 50); do
    kill -0 $pid 2> /dev/null || break
    sleep 0.1
  done
  if kill -0 $pid 2> /dev/null; then
    kill -KILL $pid $writer || true
    fail "SIG$sig during the config's read did not stop djambi within 5 s: $(cat "$dir/err")"
  fi
  code=0
  wait $pid || code=$?
  kill $writer 2> /dev/null || true
  wait $writer 2> /dev/null || true
  expected=$((128 + $(kill -l $sig)))
  [ $code = $expected ] || fail "SIG$sig during start-up: exit $code, not $expected: $(cat "$dir/err")"
  grep -q "stopped during start-up" "$dir/err" || fail "SIG$sig: no notice: $(cat "$dir/err")"
  [ ! -e "$dir/fifo-run" ] || fail "SIG$sig: the run's directory was made"
done
echo OK
