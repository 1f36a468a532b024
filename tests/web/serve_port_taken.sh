#!/bin/sh
# djambi serve on a port another server holds exits 1 with a message naming the port
# (docs/WEB.md): two servers never share a port. Usage: serve_port_taken.sh path/to/djambi
set -u
djambi=$1
dir=$(mktemp -d)
first=""
cleanup() {
  if [ -n "$first" ]; then kill "$first" 2>/dev/null; wait "$first" 2>/dev/null; fi
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $1"; for f in "$dir"/*.out; do echo "--- $f"; cat "$f"; done; exit 1; }

"$djambi" serve --port 0 --opponents random > "$dir/first.out" 2>&1 &
first=$!
port=""
for _ in $(seq 300); do  # the first server prints its port once listening (at most 30 s)
  port=$(sed -n 's|^djambi serve: http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$dir/first.out")
  [ -n "$port" ] && break
  kill -0 "$first" 2>/dev/null || fail "the first server stopped"
  sleep 0.1
done
[ -n "$port" ] || fail "the first server printed no port"

# Were the port shared (SO_REUSEPORT), the second server would serve until the timeout (124).
timeout 30 "$djambi" serve --port "$port" --opponents random > "$dir/second.out" 2>&1
status=$?
[ "$status" -eq 1 ] || fail "the second server on port $port exited $status, not 1"
grep -q "port $port" "$dir/second.out" || fail "the second server's message does not name port $port"
kill -0 "$first" 2>/dev/null || fail "the first server stopped"
echo "second server refused: $(cat "$dir/second.out")"
