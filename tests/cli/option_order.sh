#!/usr/bin/env bash
# Options go anywhere: every option of every subcommand first, last and between the positionals
# gives the same output and exit code. The options chosen change the answer (a two-player
# position is refused without --variant two_players), so an option that was dropped or that
# swallowed a positional shows.
set -uo pipefail
djambi=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# run N ARGS: djambi with the shell-quoted ARGS and $input on stdin; prints stdout, stderr, the exit
# code, then the files written at @OUT@ (a directory) and @REC@ (a file), fresh for each N.
# $normalize (a sed script) removes what changes from run to run (times, these paths).
run() {
  local out="$dir/out$1" rec="$dir/rec$1.txt"
  local args=${2//@OUT@/$out}
  args=${args//@REC@/$rec}
  {
    printf '%s' "${input:-}" | eval "\"$djambi\" $args" 2>&1
    echo "exit $?"
    [ -f "$out/games.txt" ] && cat "$out/games.txt"
    [ -f "$rec" ] && cat "$rec"
  } | sed -e "s|$out|@OUT@|g; s|$rec|@REC@|g" -e "${normalize:-}"
}

# same EXIT ARGS...: every ARGS gives what the first gives, which ends with exit code EXIT.
cases=0 runs=0
same() {
  local want=$1 ref out args
  shift
  runs=$((runs + 1))
  ref=$(run $runs "$1")
  [[ "$ref" == *"exit $want"* ]] || fail "djambi $1: expected exit $want, got: $(printf '%s\n' "$ref" | tail -5)"
  for args in "${@:2}"; do
    runs=$((runs + 1))
    out=$(run $runs "$args")
    if [ "$out" != "$ref" ]; then
      diff <(printf '%s\n' "$ref") <(printf '%s\n' "$out") | head -20
      fail "djambi $args differs from djambi $1"
    fi
    cases=$((cases + 1))
  done
}

two="'$("$djambi" start --variant two_players)'"  # the two-player start, shell-quoted
small="'4Cy4/9/9/9/4Cr4/9/9/9/9 r ryy- - 0 7'"      # two chiefs; valid under two_players only

same 0 "start --variant two_players" "start --variant=two_players" \
  "start --variant reporter_kills_all --variant two_players" "start --variant two_players,reporter_kills_all"

same 0 "moves $two --variant two_players" "moves --variant two_players $two" "moves --variant=two_players $two"

same 0 "perft $small 1 --divide --variant two_players" \
  "perft --variant=two_players --divide $small 1" "perft $small --variant two_players 1 --divide" \
  "perft $small --divide 1 --variant two_players"

same 0 "apply $two c3-d4 c7-d8 g3-f4 --variant two_players" \
  "apply --variant two_players $two c3-d4 c7-d8 g3-f4" "apply --variant=two_players $two c3-d4 c7-d8 g3-f4" \
  "apply $two c3-d4 --variant two_players c7-d8 g3-f4" \
  "apply --variant reporter_kills_all $two c3-d4 --variant two_players c7-d8 g3-f4" \
  "apply $two c3-d4 c7-d8 g3-f4 --variant reporter_kills_all,two_players"

normalize='/^speed /d'
same 0 "random-games --games 3 --seed 7 --variant two_players" "random-games --variant two_players --games 3 --seed 7" \
  "random-games --seed 7 --variant=two_players --games 3" "random-games --games 3 --variant two_players --seed 7"

# bench rules: the timings change, the perft count (1778 under two_players) does not.
normalize='s/.*"perft_depth":\([0-9]*\),"perft_nodes":\([0-9]*\),.*/perft \1 \2/'
same 0 "bench rules --seconds 0.02 --perft-depth 1 --json --variant two_players" \
  "bench rules --json --seconds 0.02 --variant=two_players --perft-depth 1" \
  "bench rules --perft-depth 1 --variant two_players --seconds 0.02 --json"

# arena: two quick games of greedy against random, one at a time; the records must match too.
normalize='s/ in [0-9]* s / in N s /'
same 0 "arena --players greedy,random --games 2 --parallel 1 --max-turns 300 --seed 5 --out @OUT@ --game djambi --variant two_players" \
  "arena --variant two_players --game djambi --out @OUT@ --seed 5 --max-turns 300 --parallel 1 --games 2 --players greedy,random" \
  "arena --players greedy --games 2 --players random --variant=two_players --seed 5 --parallel 1 --max-turns 300 --out @OUT@" \
  "arena --seed 5 --players greedy,random --variant two_players --out @OUT@ --games 2 --max-turns 300 --parallel 1"
normalize=''

# replay: records of that arena.
"$djambi" arena --players greedy,random --games 2 --parallel 1 --seed 5 --variant two_players --out "$dir/games" > /dev/null ||
  fail "arena for the replay records"
records="$dir/games/games.txt"
same 0 "replay $records --game 2" "replay --game 2 $records" "replay --game=2 $records"
same 0 "replay $records --check" "replay --check $records"
same 0 "replay $records --game 1 --check" "replay --check --game 1 $records" "replay --game 1 --check $records"
input=$'\n\nq\n'
same 0 "replay $records --game 1 --step" "replay --step --game 1 $records" "replay --game 1 $records --step"

# bot: the protocol on stdin; a random player with its seed gives the same move each time.
input=$'id\nposition start\ngo\nquit\n'
same 0 "bot random --seed 3 --game djambi --variant two_players" "bot --seed 3 --game djambi --variant two_players random" \
  "bot --variant two_players random --seed 3" "bot --game djambi random --variant=two_players --seed 3"

# play: a scripted person against random bots; the saved record must match too.
input=$'c3-d4\ng3-f4\nquit\n'
same 0 "play --seat r --opponents random --seed 5 --record @REC@ --game djambi --variant two_players" \
  "play --variant two_players --game djambi --record @REC@ --seed 5 --opponents random --seat r" \
  "play --opponents random --variant=two_players --seat r --record @REC@ --seed 5"
input=''

# export needs a checkpoint: without one, every order reaches the same check (--sims, then the file).
same 2 "export $dir/missing.pt --out @OUT@.djp --sims 0 --cpuct 2 --force" \
  "export --out @OUT@.djp --sims 0 --cpuct 2 --force $dir/missing.pt" "export --sims=0 $dir/missing.pt --force --out @OUT@.djp"
same 2 "export $dir/missing.pt --out @OUT@.djp --sims 10 --cpuct 2" \
  "export --sims 10 --cpuct 2 --out @OUT@.djp $dir/missing.pt" "export --cpuct 2 $dir/missing.pt --sims 10 --out @OUT@.djp"

# train: a bad --set is reported the same in every order (nothing is trained).
same 2 "train --run @OUT@ --set bad.key=1 --variant two_players" "train --variant two_players --set bad.key=1 --run @OUT@" \
  "train --set bad.key=1 --run @OUT@ --variant=two_players"

# An option that takes one value per occurrence no longer swallows what follows.
"$djambi" arena --players greedy random --games 2 --out "$dir/none" > /dev/null 2> "$dir/err"; code=$?
[ $code = 2 ] || fail "--players greedy random: exit $code"
grep -qx "error: The following argument was not expected: random" "$dir/err" || fail "--players greedy random: $(cat "$dir/err")"
echo "OK: $cases orders give the same answers"
