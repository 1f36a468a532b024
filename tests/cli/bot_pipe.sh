#!/usr/bin/env bash
# Drives `djambi bot` through a pipe one command at a time, as a GUI would: every command gets
# its answer before the next is written; bad input gets an `error` line and the bot goes on.
set -euo pipefail
djambi=$1
coproc BOT { "$djambi" bot mcts,sims=40 --seed 3; }
bot_pid=$BOT_PID
trap 'kill $bot_pid 2>/dev/null || true' EXIT

ask() {  # ask COMMAND: writes it, reads one line (at most 30 s) into $reply
  printf '%s\n' "$1" >&"${BOT[1]}"
  IFS= read -r -t 30 reply <&"${BOT[0]}" || { echo "no answer to '$1'"; exit 1; }
}
expect() {  # expect COMMAND ANSWER
  ask "$1"
  [ "$reply" = "$2" ] || { printf 'to %s\n  expected: %s\n  got:      %s\n' "$1" "$2" "$reply"; exit 1; }
}

start='CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/CrArMr3MbAbCb r rbyg - 0 0'
expect protocol 'protocol djambi-zero 3'
expect id 'id player mcts,sims=40 game djambi variants none'
expect isready readyok
expect show "position $start"
ask legal
[ "$(echo "$reply" | cut -d' ' -f1-2)" = "legal 889" ] || { echo "legal at the start: ${reply:0:40}"; exit 1; }
expect 'position start moves c3-d4' ok
expect status 'status running to_move b'
expect 'play a1-a2' "error illegal move 'a1-a2'"
ask 'play c3-' ; [[ "$reply" == "error malformed move 'c3-'"* ]] || { echo "malformed move: $reply"; exit 1; }
expect frobnicate "error unknown command 'frobnicate'"
expect 'go visits' 'error visits needs a number'
expect 'go visits -3' "error visits must be a positive number, got '-3'"
# Budgets beyond the bounds of player specs would search until memory runs out, deaf to quit.
expect 'go time inf' "error time must be at most 86400, got 'inf'"
expect 'go time 1e308' "error time must be at most 86400, got '1e308'"
expect 'go time nan' "error time must be a positive number, got 'nan'"
expect 'go visits 20000000' "error visits must be at most 10000000, got '20000000'"
expect 'go visits 99999999999999999999' "error visits must be at most 10000000, got '99999999999999999999'"
# Whole numbers are read as a spec's sims= is (parse_integer): decimal digits only.
expect 'go visits 1e9' "error visits must be a whole number in decimal digits, got '1e9'"
expect 'go visits 1e1' "error visits must be a whole number in decimal digits, got '1e1'"
expect 'go visits 0x10' "error visits must be a whole number in decimal digits, got '0x10'"
expect 'go visits 2.5' "error visits must be a whole number in decimal digits, got '2.5'"
expect 'go visits 5.' "error visits must be a whole number in decimal digits, got '5.'"
expect 'go visits -0' "error visits must be a positive number, got '-0'"
expect 'go time 0x1' "error time must be a positive number, got '0x1'"
expect 'position start moves c3-d4 a1-a2' "error illegal move 'a1-a2'"
expect status 'status running to_move b'   # the refused position changed nothing

# go: info lines, then bestmove, a legal move that is not applied.
ask legal
legal=" ${reply#legal * } "
printf 'go visits 40\n' >&"${BOT[1]}"
while IFS= read -r -t 60 reply <&"${BOT[0]}"; do
  [[ "$reply" == info* ]] || break
done
[[ "$reply" == bestmove* ]] || { echo "go answered: $reply"; exit 1; }
move=${reply#bestmove }
[[ "$legal" == *" $move "* ]] || { echo "bestmove $move is not legal"; exit 1; }
expect status 'status running to_move b'
expect "play $move" ok
expect status 'status running to_move y'
expect undo ok
expect undo ok
expect undo 'error no move to undo'
expect show "position $start"
expect newgame ok
printf '# comments and empty lines get no answer\n\n' >&"${BOT[1]}"
expect isready readyok
expect quit bye
wait $bot_pid

# Without a player named, the bot plays the shipped one (spec best, players/djambi.djp).
answer=$(printf 'id\ngo visits 8\nquit\n' | "$djambi" bot)
[ "$(echo "$answer" | sed -n 1p)" = 'id player best game djambi variants none' ] || { echo "default bot: $answer"; exit 1; }
echo "$answer" | grep -q '^bestmove ' || { echo "default bot's go: $answer"; exit 1; }

# Hostile lines: a NUL byte is refused as such; control bytes in a reply are escaped.
answer=$(printf 'posi\0tion start\nplay \033[2J\nisready\nquit\n' | "$djambi" bot random)
[ "$(echo "$answer" | sed -n 1p)" = 'error the line holds a NUL byte' ] || { echo "NUL line: $answer"; exit 1; }
echo "$answer" | sed -n 2p | grep -q -F '\x1b[2J' || { echo "escape bytes: $answer"; exit 1; }
[ "$(echo "$answer" | sed -n 3p)" = 'readyok' ] || { echo "after hostile lines: $answer"; exit 1; }
