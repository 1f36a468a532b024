#!/usr/bin/env bash
# Fails when generic code asks which game it is. Generic code is every file of env/, mcts/,
# nets/ and train/ outside a game's own folder (djambi/, tictactoe/) and outside the two
# registries that name the games (env/games.*, mcts/games.*). It may not include a game's
# headers, cast to or name a concrete game's types, or compare a game's name with a string:
# what it needs to know comes from the game's description and the registries.
# Usage: generic_code_is_generic.sh [REPOSITORY_ROOT]
set -uo pipefail
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
cd "$root" || exit 2
forbidden='#include "[a-z]+/(.*/)?(djambi|tictactoe)/|\bas_djambi\b|\b(Djambi|TicTacToe)(State|Game)\b|(name\(\)|\.name|game_name) *[!=]= *"|[!=]= *"(djambi|tictactoe)"'
files=$(find env mcts nets train -name '*.h' -o -name '*.cpp' | grep -v -E '/(djambi|tictactoe)/' |
        grep -v -E '^(env|mcts)/games\.(h|cpp)$' | sort)
[ -n "$files" ] || { echo "no generic files found under $root"; exit 2; }
hits=$(grep -n -E "$forbidden" $files)
if [ -n "$hits" ]; then
  echo "Generic code that asks which game it is (ask env/games.h or mcts/games.h instead):"
  echo "$hits"
  exit 1
fi
echo "generic code names no game ($(echo "$files" | wc -l) files)"
