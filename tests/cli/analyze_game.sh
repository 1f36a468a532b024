#!/usr/bin/env bash
# djambi analyze-game (docs/ANALYSIS.md, "One game, turn by turn"): one JSON object per turn of
# a recorded game, shaped as the bot protocol's `analyze` answer, then the turning points; the
# same with --out; a passed-up chief kill marked as a blunder; errors naming bad input.
set -euo pipefail
djambi=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A whole game (ab against greedy players), analysed turn by turn.
"$djambi" arena --players ab,nodes=2000,greedy,greedy,greedy --games 1 --parallel 1 --seed 3 --out "$work/arena" > /dev/null
"$djambi" analyze-game "$work/arena/games.txt" --player ab,nodes=2000 --multipv 2 > "$work/a.jsonl"
"$djambi" analyze-game "$work/arena/games.txt" --player ab,nodes=2000 --multipv 2 --out "$work/b.jsonl"
python3 -c '
import json, sys
record, a, b = sys.argv[1:4]
moves = [l.split(" ; ")[0].split(" ", 1)[1].strip() for l in open(record) if l.startswith("move ")]
def objects(path):
    return [json.loads(line) for line in open(path)]
A, B = objects(a), objects(b)
assert len(A) == len(moves) + 1, (len(A), len(moves))
seats = ["r", "b", "y", "g"]
for i, (o, move) in enumerate(zip(A, moves)):
    assert list(o) == ["turn", "to_move", "played", "analysis"], list(o)
    assert o["turn"] == i + 1 and o["played"] == move and o["to_move"] in seats
    x = o["analysis"]
    assert list(x) == ["player", "to_move", "seats", "bestmove", "budget", "root", "lines"], list(x)
    assert x["player"] == "ab,nodes=2000" and x["to_move"] == o["to_move"] and x["seats"] == seats
    assert 1 <= len(x["lines"]) <= 2 and x["lines"][0]["move"] == x["bestmove"]
    for l in x["lines"]:
        assert l["pv"][0] == l["move"]
    assert x["budget"]["nodes"] >= 0 and x["budget"]["seconds"] >= 0
summary = A[-1]
assert list(summary)[0] == "turning_points" and summary["turns"] == len(moves) and summary["threshold"] == 0.2
for p in summary["turning_points"]:
    o = A[p["turn"] - 1]
    assert p["seat"] == o["to_move"] and p["played"] == o["played"] and p["kind"] in ("blunder", "decisive")
    assert abs(p["after"] - p["before"]) > 0.2
    assert (p["kind"] == "blunder") == (p["after"] < p["before"])
# Deterministic under a node budget: --out holds the same, but for the times.
def untimed(objs):
    for o in objs:
        if "analysis" in o:
            del o["analysis"]["budget"]["seconds"]
    return objs
assert untimed(A) == untimed(B)
' "$work/arena/games.txt" "$work/a.jsonl" "$work/b.jsonl" || fail "the analysis of a whole game"

# A blunder: Red's assassin on b4 could take Blue's chief on b8, the last opponent (a win);
# Red plays a1-c3 instead, Blue's chief escapes.
cat > "$work/blunder.txt" <<'EOF'
# djambi-zero game record
game djambi
variants none
players human ab human human
start 9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10
move a1-c3
move b8-e8
move b4-d4
result unfinished
EOF
for args in "--player ab,nodes=5000" "--player ab,nodes=5000 --multipv 3" "--player ab:algo=paranoid,nodes=5000" \
            "--player mcts,sims=400 --seed 7"; do
  # shellcheck disable=SC2086
  summary=$("$djambi" analyze-game "$work/blunder.txt" $args | tail -n 1) || fail "analyze-game $args"
  python3 -c '
import json, sys
s = json.loads(sys.argv[1])
red = [p for p in s["turning_points"] if p["turn"] == 1]
assert len(red) == 1, s
p = red[0]
assert p["seat"] == "r" and p["kind"] == "blunder" and p["played"] == "a1-c3", p
assert p["before"] - p["after"] > 0.2 and p["best_alternative"]["move"] != "a1-c3", p
if "mcts" not in sys.argv[2]:
    assert p["best_alternative"]["move"] == "b4xb8" and p["before"] > 0.99, p
' "$summary" "$args" || fail "the blunder ($args): $summary"
done
# A higher threshold than the fall: no turning point.
summary=$("$djambi" analyze-game "$work/blunder.txt" --player ab,nodes=5000 --threshold 0.9 | tail -n 1) || fail "threshold 0.9"
[ "$(python3 -c 'import json, sys; print(len(json.loads(sys.argv[1])["turning_points"]))' "$summary")" = 0 ] ||
  fail "threshold 0.9: $summary"

# Bad input: exit 2 and one line naming the problem; nothing written to --out.
sed 's/^move b8-e8$/move b8-b1/' "$work/blunder.txt" > "$work/illegal.txt"
expect_error() {
  local expected=$1
  shift
  local err rc=0
  err=$("$djambi" analyze-game "$@" --out "$work/none.jsonl" 2>&1 > /dev/null) || rc=$?
  [ "$rc" = 2 ] || fail "exit $rc for $*: $err"
  [[ "$err" == *"$expected"* ]] || fail "for $*: expected '$expected', got '$err'"
  [ ! -e "$work/none.jsonl" ] || fail "$* wrote its output"
}
expect_error "cannot read '$work/missing.txt'" "$work/missing.txt"
expect_error "game 1: move 2 'b8-b1': illegal move 'b8-b1'" "$work/illegal.txt"
printf 'game djambi\nvariants none\nmove a1-a2\n' > "$work/malformed.txt"
expect_error "$work/malformed.txt" "$work/malformed.txt"
expect_error "--player random does not search" "$work/blunder.txt" --player random
expect_error "--player greedy does not search" "$work/blunder.txt" --player greedy --visits 10
expect_error "--visits must be a positive number, got '0'" "$work/blunder.txt" --visits 0
expect_error "--time must be a positive number, got '-1'" "$work/blunder.txt" --time -1
expect_error "--multipv must be a whole number, got '2.5'" "$work/blunder.txt" --multipv 2.5
expect_error "--threshold must be a number from 0 to 2, got 'nan'" "$work/blunder.txt" --threshold nan
expect_error "unknown player kind 'nope'" "$work/blunder.txt" --player nope
expect_error "--game 2: $work/blunder.txt holds 1 game" "$work/blunder.txt" --game 2
echo "analyze-game: ok"
