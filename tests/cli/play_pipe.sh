#!/usr/bin/env bash
# Human play from a scripted terminal: help, the legal list, a malformed and an illegal move
# answered with a message, a legal move, the bots' replies, quit; the record is saved and
# replays; an existing record file is never overwritten.
set -euo pipefail
djambi=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

printf 'help\nmoves\nmoves c3\nzz\na1-a2\nc3-d4\nboard\nquit\n' |
  "$djambi" play --seat r --opponents random --seed 5 --record "$dir/game.txt" > "$dir/out"
cat "$dir/out"
grep -q "You play r" "$dir/out" || fail "no greeting"
grep -q "889 legal moves:" "$dir/out" || fail "no legal list"
grep -q " a1xa2>(45 squares) " "$dir/out" || fail "placements not summed up"
grep -A1 "12 legal moves from c3:" "$dir/out" | grep -q " c3-d4 " || fail "no full list for c3"
grep -q "malformed move 'zz'" "$dir/out" || fail "no message for a malformed move"
grep -q "illegal move 'a1-a2'; type 'moves'" "$dir/out" || fail "no message for an illegal move"
for p in b y g; do grep -q "$p (random) plays " "$dir/out" || fail "no move announced for $p"; done
grep -q "^game abandoned" "$dir/out" || fail "quit did not abandon"
grep -q "^9  Cg Ag" "$dir/out" || fail "no board drawn"
grep -qx "players human random random random" "$dir/game.txt" || fail "record players"
grep -qx "move c3-d4" "$dir/game.txt" || fail "the person's move is not in the record"
[ "$(grep -c '^move ' "$dir/game.txt")" = 4 ] || fail "not 4 moves in the record"
"$djambi" replay "$dir/game.txt" --check | grep -qx '1 game valid' || fail "record does not replay"

# Typed control bytes (ESC, C1 CSI in UTF-8 and raw) come back escaped, in the message for a
# move and in the list of a square's moves.
printf 'c3\033[2J\xc2\x9b\x9b\nmoves \033[2J\x9b\nquit\n' |
  "$djambi" play --seat r --opponents random --record "$dir/hostile.txt" > "$dir/hostile.out"
! LC_ALL=C grep -q $'\x1b\\|\x9b' "$dir/hostile.out" || fail "raw control bytes echoed: $(od -c "$dir/hostile.out" | tail -5)"
LC_ALL=C grep -qF "c3\\x1b[2J\\xc2\\x9b\\x9b" "$dir/hostile.out" || fail "no escaped move: $(cat -v "$dir/hostile.out")"
LC_ALL=C grep -qF "0 legal moves from \\x1b[2J\\x9b:" "$dir/hostile.out" || fail "no escaped square: $(cat -v "$dir/hostile.out")"

# The record file exists now: a second game must not overwrite it.
before=$(md5sum "$dir/game.txt")
if echo quit | "$djambi" play --seat r --opponents random --record "$dir/game.txt" 2> "$dir/err" > /dev/null; then
  fail "overwrote a record"
fi
grep -q "already exists" "$dir/err" || fail "unclear message: $(cat "$dir/err")"
[ "$(md5sum "$dir/game.txt")" = "$before" ] || fail "the record changed"

# Tic-tac-toe to the end against a perfect searcher: the person (seat 1) cannot win.
printf 'r0c0\nr0c1\nr0c2\nr1c0\nr1c1\nr1c2\nr2c0\nr2c1\nr2c2\n' |
  "$djambi" play --game tictactoe --seat 1 --opponents mcts,sims=2000 --record "$dir/ttt.txt" > "$dir/ttt.out" || true
grep -q "^result " "$dir/ttt.out" || fail "tic-tac-toe game did not end: $(tail -5 "$dir/ttt.out")"
grep -q "^result 0:+1 1:-1\|^result 0:0 1:0" "$dir/ttt.out" || fail "the person won against perfect play: $(grep ^result "$dir/ttt.out")"
echo OK
