#!/usr/bin/env bash
# The bot protocol's `analyze` (protocol 2): one `analysis {JSON}` line whose lines are distinct
# legal whole moves consistent with the search, the first being the move `go` plays at the same
# budget and seed; principal variations legal in sequence (checked by the bot's own `position`);
# a forced chief kill on top for `ab` and `mcts`; errors for bad words and players that do not
# search, after which the session goes on.
set -euo pipefail
djambi=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

# session SPEC COMMANDS...: the bot's answers, one per line, to the commands.
session() {
  local spec=$1
  shift
  printf '%s\n' "$@" quit | "$djambi" bot "$spec" --seed 7
}
# check ANSWER PYTHON: runs the Python statements (asserts) over `a`, the analysis of the
# answer line, then prints what they leave in `out` (default: nothing).
check() {
  python3 -c '
import json, sys
line = sys.argv[1]
assert line.startswith("analysis {"), line
a = json.loads(line[len("analysis "):])
out = ""
exec(sys.argv[2])
print(out)' "$1" "$2" || fail "the analysis $1"
}

[ "$(session mcts protocol | sed -n 1p)" = 'protocol djambi-zero 3' ] || fail "protocol version"

# mcts at the start: three distinct whole moves within the root's visits, first the move of go;
# their variations legal in sequence.
answer=$(session mcts 'analyze visits 120 multipv 3' | sed -n 1p)
pvs=$(check "$answer" '
lines = a["lines"]
assert len(lines) == 3 and len({l["move"] for l in lines}) == 3
assert a["budget"]["visits"] == 120 and sum(l["visits"] for l in lines) <= 120
assert lines[0]["move"] == a["bestmove"] and a["to_move"] == "r" and a["seats"] == ["r", "b", "y", "g"]
assert len(a["root"]["value"]) == 4 and a["budget"]["seconds"] >= 0
for l in lines:
    assert len(l["value"]) == 4 and l["pv"][0] == l["move"] and 0 < l["prior"] <= 1 and l["visits"] >= 1
out = a["bestmove"] + "\n" + "\n".join(" ".join(l["pv"]) for l in lines)')
best=$(echo "$pvs" | sed -n 1p)
[ "$(session mcts 'go visits 120' | grep '^bestmove ')" = "bestmove $best" ] || fail "go and analyze differ: $answer"
answers=$(echo "$pvs" | sed -n '2,4p' | while read -r pv; do echo "position start moves $pv"; done)
mapfile -t commands <<< "$answers"
[ "$(session mcts "${commands[@]}")" = "$(printf 'ok\nok\nok\nbye')" ] || fail "variations not legal: $answer"

# The shipped player (a network-guided search): its priors, and the move of go.
answer=$(session best 'analyze visits 16 multipv 2' | sed -n 1p)
best=$(check "$answer" '
lines = a["lines"]
assert a["player"] == "best" and len(lines) == 2 and lines[0]["move"] == a["bestmove"]
assert sum(l["visits"] for l in lines) <= a["budget"]["visits"] == 16 and lines[0]["prior"] > 0.001
out = a["bestmove"]')
[ "$(session best 'go visits 16' | grep '^bestmove ')" = "bestmove $best" ] || fail "best: go and analyze differ"

# The forced chief kill: Red's assassin on b4 takes Blue's chief on b8, the last opponent.
win='9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10'
[ "$(session ab "position $win moves b4xb8" status analyze | sed -n '2,3p')" = "status over result r:1 b:2 y:3 g:3
error the game is over: r:1 b:2 y:3 g:3" ] || fail "the kill ends the game"
for spec in ab ab:algo=paranoid ab:algo=maxn mcts; do
  answer=$(session "$spec" "position $win" 'analyze visits 400 multipv 2' | sed -n 2p)
  check "$answer" '
lines = a["lines"]
assert len(lines) == 2 and lines[0]["move"] == "b4xb8" and a["bestmove"] == "b4xb8"
if "visits" in a["budget"]:
    assert lines[0]["value"][0] > 0.99
else:
    assert a["root"]["score"] > 0.99 and a["root"]["depth"] >= 1 and a["budget"]["nodes"] > 0
    assert lines[0]["score"] >= lines[1]["score"] and all("visits" not in l and l["depth"] >= 1 for l in lines)' > /dev/null
done

# ab at the start (paranoid follows the turn order): its variation is legal, its move that of go.
answer=$(session ab:algo=paranoid 'analyze visits 3000' | sed -n 1p)
pv=$(check "$answer" '
assert len(a["lines"]) == 1 and len(a["lines"][0]["pv"]) >= 2
out = " ".join(a["lines"][0]["pv"])')
[ "$(session ab "position start moves $pv" | sed -n 1p)" = ok ] || fail "ab's variation not legal: $pv"
[ "$(session ab:algo=paranoid 'go visits 3000' | grep '^bestmove ')" = "bestmove ${pv%% *}" ] ||
  fail "ab's go and analyze differ: $answer"

# Errors, after which the session goes on.
answer=$(session mcts,sims=20 'analyze multipv 0' 'analyze multipv' 'analyze multipv 2.5' 'analyze multipv 1001' \
         'analyze multipv 1e1' 'analyze multipv 0x2' 'analyze depth 3' 'analyze visits 0' 'analyze time inf' 'go multipv 2' isready)
expected="error multipv must be a positive number, got '0'
error multipv needs a number
error multipv must be a whole number in decimal digits, got '2.5'
error multipv must be at most 1000, got '1001'
error multipv must be a whole number in decimal digits, got '1e1'
error multipv must be a whole number in decimal digits, got '0x2'
error analyze takes 'visits N', 'time SECONDS' and 'multipv K', not 'depth'
error visits must be a positive number, got '0'
error time must be at most 86400, got 'inf'
error go takes 'visits N' and 'time SECONDS', not 'multipv'
readyok
bye"
[ "$answer" = "$expected" ] || fail "errors: $answer"
for spec in greedy random; do
  [ "$(session "$spec" 'analyze visits 10' 'analyze' isready)" = "error $spec does not search
error $spec does not search
readyok
bye" ] || fail "$spec does not search"
done
echo "bot analyze: ok"
