#!/usr/bin/env bash
# `analyze` reads arena records and writes analysis.json and report.md (and the plots where
# matplotlib is installed); bad input is refused with exit 2, naming the problem, and no report
# is written for it.
set -euo pipefail
djambi=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$djambi" arena --players greedy,random,random,random --games 4 --out "$dir/arena" > /dev/null
"$djambi" analyze "$dir/arena/games.txt" --out "$dir/a" > "$dir/out"
grep -qx "4 games analysed; analysis.json and report.md in $dir/a" "$dir/out" || fail "summary line: $(cat "$dir/out")"
[ -s "$dir/a/report.md" ] || fail "no report.md"
python3 - "$dir/a/analysis.json" <<'EOF' || fail "analysis.json"
import json, sys
a = json.load(open(sys.argv[1]))
assert a["games"] == 4, a["games"]
assert len(a["capture_matrix"]["pieces"]) == 4, "capture matrix is not 4 rows"
assert a["by_player"]["greedy"]["games"] == 4 and a["by_player"]["random"]["games"] == 12, a["by_player"]
assert sum(s["games"] for s in a["by_seat"]) == 16
assert sum(s["wins"] for s in a["by_seat"]) <= 4
EOF
if /usr/bin/python3 -c 'import matplotlib' 2> /dev/null; then
  for plot in outcomes captures alliances; do [ -s "$dir/a/$plot.png" ] || fail "no $plot.png"; done
fi

refused() {  # refused MESSAGE ARGS...: exit 2, the message on stderr, no report written
  local message=$1; shift
  set +e
  "$djambi" analyze "$@" --out "$dir/refused" --no-plots 2> "$dir/err" > /dev/null; local code=$?
  set -e
  [ $code = 2 ] || fail "analyze $*: exit $code"
  grep -qF "$message" "$dir/err" || fail "analyze $*: message: $(cat "$dir/err")"
  [ ! -e "$dir/refused/analysis.json" ] || fail "analyze $*: wrote a report"
}
: > "$dir/empty.txt"
refused "$dir/empty.txt: no game record in it" "$dir/empty.txt"
"$djambi" arena --game tictactoe --players random,random --games 2 --out "$dir/ttt" > /dev/null
refused "Djambi" "$dir/ttt/games.txt"
half=$(($(wc -l < "$dir/arena/games.txt") / 2))
cut_at=$(awk -v half=$half 'NR > half && /^move / {print NR; exit}' "$dir/arena/games.txt")
head -n "$cut_at" "$dir/arena/games.txt" > "$dir/cut.txt"
refused "the record ends without a 'result' line" "$dir/cut.txt"
# A good file beside a bad one: still no report.
refused "the record ends without a 'result' line" "$dir/arena/games.txt" "$dir/cut.txt"
refused "no-such-file" "$dir/no-such-file.txt"

# An --out that holds something is refused and left as it was.
before=$(md5sum "$dir/a/analysis.json")
if "$djambi" analyze "$dir/arena/games.txt" --out "$dir/a" 2> "$dir/err"; then fail "reused a directory"; fi
grep -q "not empty" "$dir/err" || fail "unclear message: $(cat "$dir/err")"
[ "$(md5sum "$dir/a/analysis.json")" = "$before" ] || fail "an earlier analysis was touched"
echo OK
