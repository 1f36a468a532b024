#!/usr/bin/env bash
# The bot protocol's `go infinite` and `stop` (protocol 3), through a coprocess, for `ab` and
# `mcts`: while the search runs, `isready` is answered at once, other commands get an error,
# and `info progress` lines come about once a second; `stop` answers `bestmove` (a legal move,
# after the usual `info` line) within 2 s (the latency is printed); `quit` during a search
# answers the move, then `bye`; end of input during a search answers the move too. A budgeted
# `go` longer than a second writes progress lines as well.
set -euo pipefail
djambi=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
ms() { echo $(( $(date +%s%N) / 1000000 )); }

# read_until REGEX SECONDS: reads the bot's lines into `got` (appending) until one matches.
read_until() {
  local line
  while IFS= read -r -t "$2" line <&"${BOT[0]}"; do
    got+=("$line")
    [[ $line =~ $1 ]] && return 0
  done
  fail "no line matching '$1' within $2 s; got: ${got[*]-}"
}
send() { printf '%s\n' "$1" >&"${BOT[1]}"; }
count_progress() {
  local n=0 l
  for l in "${got[@]}"; do [[ $l == "info progress "* ]] && n=$((n + 1)); done
  echo "$n"
}

for spec in ab mcts; do
  got=()
  coproc BOT { "$djambi" bot "$spec" --seed 3; }
  pid=$BOT_PID
  send protocol
  read_until '^protocol ' 30
  [ "${got[-1]}" = 'protocol djambi-zero 3' ] || fail "protocol: ${got[-1]}"
  send 'position start'
  read_until '^ok$' 10
  got=()
  send 'go infinite'
  sleep 1.5
  send isready
  read_until '^readyok$' 5
  send 'play c3-d4'
  read_until '^error ' 5
  [ "${got[-1]}" = 'error searching: send stop first' ] || fail "$spec: play while searching: ${got[-1]}"
  send 'go visits 5'
  read_until '^error ' 5
  [ "${got[-1]}" = 'error searching: send stop first' ] || fail "$spec: go while searching: ${got[-1]}"
  start=$(ms)
  send stop
  read_until '^bestmove ' 10
  latency=$(( $(ms) - start ))
  echo "$spec: stop to bestmove in $latency ms"
  [ "$latency" -lt 2000 ] || fail "$spec: stop to bestmove took $latency ms"
  progress=$(count_progress)
  [ "$progress" -ge 1 ] || fail "$spec: no progress line in 1.5 s of search: ${got[*]}"
  for l in "${got[@]}"; do
    if [[ $l == "info progress "* ]]; then
      if [ "$spec" = ab ]; then
        [[ $l =~ ^info\ progress\ depth\ [1-9][0-9]*\ nodes\ [0-9]+\ seconds\ [0-9.]+\ move\ [^\ ]+\ score\ [0-9.]+$ ]] ||
          fail "ab progress line: $l"
      else
        [[ $l =~ ^info\ progress\ visits\ [0-9]+\ seconds\ [0-9.]+\ move\ [^\ ]+\ value(\ -?[0-9.]+){4}$ ]] ||
          fail "mcts progress line: $l"
      fi
    fi
  done
  [[ ${got[-2]} == "info $spec"* ]] || fail "$spec: no final info line before bestmove: ${got[*]}"
  move=${got[-1]#bestmove }
  got=()
  send legal
  read_until '^legal ' 10
  [[ "${got[-1]} " == *" $move "* ]] || fail "$spec: bestmove $move is not legal"
  send stop
  read_until '^error ' 5
  [ "${got[-1]}" = 'error no search to stop' ] || fail "$spec: stop without a search: ${got[-1]}"

  # A budgeted search longer than a second shows its progress too (ab deepens for at least half
  # of its time).
  got=()
  if [ "$spec" = ab ]; then send 'go time 3'; else send 'go time 1.5'; fi
  read_until '^bestmove ' 20
  [ "$(count_progress)" -ge 1 ] || fail "$spec: no progress line in a budgeted go: ${got[*]}"

  # quit during a search: the move, then bye.
  got=()
  send 'go infinite'
  sleep 0.3
  send quit
  read_until '^bye$' 10
  [[ ${got[-2]} == bestmove* ]] || fail "$spec: quit while searching: ${got[*]}"
  wait "$pid" || fail "$spec: exit status $?"

  # End of input during a search: the move, and the bot ends.
  answer=$({ printf 'position start\ngo infinite\n'; sleep 0.3; } | "$djambi" bot "$spec" --seed 3)
  echo "$answer" | tail -n 1 | grep -q '^bestmove ' || fail "$spec: end of input while searching: $answer"
done
echo "bot infinite: ok"
