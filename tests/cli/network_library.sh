#!/usr/bin/env bash
# The network library (apps/network_side.h) is opened only where a network is used: the rules,
# the alpha-beta bot and the other commands without a network never load LibTorch (the dynamic
# loader's own account, LD_DEBUG=files, names every library it opens), while an az player does.
# A missing or broken library stops just the commands that need it, with an error naming it.
set -euo pipefail
djambi=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start='CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/CrArMr3MbAbCb r rbyg - 0 0'

loads() {  # loads NAME COMMAND...: the libraries COMMAND opens into $work/NAME.libs; its output into NAME.out
  local name=$1
  shift
  LD_DEBUG=files LD_DEBUG_OUTPUT="$work/$name.debug" "$@" > "$work/$name.out" 2>&1 ||
    { echo "$name failed:"; cat "$work/$name.out"; exit 1; }
  cat "$work/$name.debug".* | grep -o 'file=[^ ]*' | sort -u > "$work/$name.libs"
}
torch_free() {  # torch_free NAME COMMAND...
  loads "$@"
  if grep -E 'libtorch|libc10|libdjambi_network' "$work/$1.libs"; then
    echo "$1 loaded the network side"
    exit 1
  fi
}

torch_free start "$djambi" start
torch_free moves "$djambi" moves "$start"
torch_free perft "$djambi" perft "$start" 2
torch_free bot_ab bash -c "printf 'go visits 1000\nquit\n' | '$djambi' bot ab"
grep -q '^bestmove ' "$work/bot_ab.out" || { echo "bot ab gave no bestmove"; cat "$work/bot_ab.out"; exit 1; }
torch_free bot_greedy bash -c "printf 'go\nquit\n' | '$djambi' bot greedy"
torch_free bench_rules "$djambi" bench rules --seconds 0.1 --perft-depth 1
torch_free arena "$djambi" arena --players greedy,random,random,random --games 1 --max-turns 5 --out "$work/arena"
torch_free help "$djambi" train --help

# An az player opens it, LibTorch with it: the check above can see a load.
loads bot_az bash -c "printf 'go visits 1\nquit\n' | '$djambi' bot az:$(dirname "$0")/../../players/djambi.djp"
grep -q 'libtorch' "$work/bot_az.libs" || { echo "an az player did not load LibTorch"; exit 1; }
grep -q '^bestmove ' "$work/bot_az.out" || { echo "bot az gave no bestmove"; cat "$work/bot_az.out"; exit 1; }

# A missing, broken or foreign library: an error naming it (exit 1) for what needs it only.
refused() {  # refused LIBRARY WORDS: the az bot and train name LIBRARY and WORDS, start still works
  local library=$1 words=$2 status=0
  DJAMBI_NETWORK_LIBRARY=$library "$djambi" bot az:players/djambi.djp < /dev/null > "$work/out" 2>&1 || status=$?
  [ "$status" -eq 1 ] || { echo "bot az with $library: exit $status"; cat "$work/out"; exit 1; }
  grep -qF "the network library '$library'" "$work/out" && grep -qF "$words" "$work/out" ||
    { echo "bot az with $library:"; cat "$work/out"; exit 1; }
  status=0
  DJAMBI_NETWORK_LIBRARY=$library "$djambi" train --run "$work/run" > "$work/out" 2>&1 || status=$?
  [ "$status" -eq 1 ] && grep -qF "'$library'" "$work/out" || { echo "train with $library: exit $status"; cat "$work/out"; exit 1; }
  [ ! -e "$work/run" ] || { echo "train with $library made its run directory"; exit 1; }
  DJAMBI_NETWORK_LIBRARY=$library "$djambi" start > /dev/null
  printf 'go visits 100\nquit\n' | DJAMBI_NETWORK_LIBRARY=$library "$djambi" bot ab > "$work/out"
  grep -q '^bestmove ' "$work/out" || { echo "bot ab with $library:"; cat "$work/out"; exit 1; }
}
refused "$work/none/libdjambi_network.so" "cannot load"
echo 'not a library' > "$work/broken.so"
refused "$work/broken.so" "cannot load"
libm=$(ldd "$(command -v bash)" | grep -o '/[^ ]*libc\.so\.[0-9]*' | head -1)
refused "$libm" "it is not djambi's network library"
echo "network_library: ok"
