#!/usr/bin/env bash
# The arena plays its games, prints its table, saves records and a summary that `replay`
# re-validates; bad input is refused with exit 2 and nothing saved is touched.
set -euo pipefail
djambi=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Tic-tac-toe: perfect search against random never loses; 8 games rotate the two seats.
"$djambi" arena --game tictactoe --players random,mcts,sims=400 --games 8 --parallel 2 --out "$dir/ttt" > "$dir/ttt.out"
cat "$dir/ttt.out"
grep -Eq '^random +8 ' "$dir/ttt.out" || fail "no row of 8 games for random"
grep -Eq '^mcts,sims=400 +8 ' "$dir/ttt.out" || fail "no row of 8 games for mcts"
random_wins=$(awk '$1 == "random" {print $3}' "$dir/ttt.out")
[ "$random_wins" = 0 ] || fail "random won $random_wins games against a 400-playout search"
[ "$(grep -c '^game tictactoe' "$dir/ttt/games.txt")" = 8 ] || fail "not 8 records"
grep -q '"rating"' "$dir/ttt/summary.json" || fail "no ratings in summary.json"
"$djambi" replay "$dir/ttt/games.txt" --check | grep -qx '8 games valid' || fail "records do not replay"

# Djambi: one greedy against three random, records replayed move by move.
"$djambi" arena --players greedy,random,random,random --games 4 --out "$dir/dj" > "$dir/dj.out"
grep -Eq '^greedy +4 ' "$dir/dj.out" || fail "no row for greedy"
grep -Eq '^random +12 ' "$dir/dj.out" || fail "the three random seats are not one row of 12"
"$djambi" replay "$dir/dj/games.txt" --game 2 > "$dir/replay.out"
grep -q '^1\. r (' "$dir/replay.out" || grep -q '^1\. r ' "$dir/replay.out" || fail "replay shows no first move"
grep -q '^result ' "$dir/replay.out" || fail "replay shows no result"

# Bad input: a directory in use, a bad spec, the wrong number of seats; exit 2, nothing written.
before=$(md5sum "$dir/dj/games.txt")
if "$djambi" arena --players greedy,random,random,random --games 4 --out "$dir/dj" 2> "$dir/err"; then fail "reused a directory"; fi
grep -q "not empty" "$dir/err" || fail "unclear message: $(cat "$dir/err")"
[ "$(md5sum "$dir/dj/games.txt")" = "$before" ] || fail "an earlier arena's records were touched"
set +e
"$djambi" arena --players greedy,random,random,mcts,sims=x --games 4 --out "$dir/bad" 2> "$dir/err"; code=$?
set -e
[ $code = 2 ] || fail "bad spec exit $code"
grep -q "sims" "$dir/err" || fail "bad spec message: $(cat "$dir/err")"
[ ! -e "$dir/bad" ] || fail "a refused arena created its directory"
if "$djambi" arena --players greedy,random --games 4 --out "$dir/bad" 2> "$dir/err"; then fail "2 specs for 4 seats"; fi
grep -q "4 seats" "$dir/err" || fail "seat count message: $(cat "$dir/err")"

# A corrupted record: replay names the game and the move and exits 2.
sed '0,/^move /s/^move .*/move a1-a2/' "$dir/dj/games.txt" > "$dir/bad.txt"
set +e
"$djambi" replay "$dir/bad.txt" --check 2> "$dir/err"; code=$?
set -e
[ $code = 2 ] || fail "corrupted record exit $code"
grep -q "game 1: move 1 'a1-a2': illegal move 'a1-a2'" "$dir/err" || fail "corrupted record message: $(cat "$dir/err")"

# A file cut inside a game, and a game whose result line was deleted: refused, naming the game.
check_refused() {  # check_refused FILE MESSAGE
  set +e
  "$djambi" replay "$1" --check 2> "$dir/err"; code=$?
  set -e
  [ $code = 2 ] || fail "$1: exit $code"
  grep -qF "$2" "$dir/err" || fail "$1: message: $(cat "$dir/err")"
}
half=$(($(wc -l < "$dir/dj/games.txt") / 2))
cut_at=$(awk -v half=$half 'NR > half && /^move / {print NR; exit}' "$dir/dj/games.txt")
head -n "$cut_at" "$dir/dj/games.txt" > "$dir/cut.txt"  # ends with a move line
cut_game=$(grep -c '^game ' "$dir/cut.txt")
check_refused "$dir/cut.txt" "game $cut_game: the record ends without a 'result' line"
sed '0,/^result /{/^result /d}' "$dir/dj/games.txt" > "$dir/no_result.txt"
check_refused "$dir/no_result.txt" "game 1: the record ends without a 'result' line"
# Windows line ends are read as they are meant.
sed 's/$/\r/' "$dir/dj/games.txt" > "$dir/crlf.txt"
"$djambi" replay "$dir/crlf.txt" --check | grep -qx '4 games valid' || fail "CRLF records do not replay"
# An endless line is refused at the limit instead of filling the memory.
check_refused /dev/zero "/dev/zero: game record line 1: longer than 1 MiB"
echo OK
