#!/usr/bin/env bash
# Fails when code outside env/ casts to a concrete game or state (DjambiGame, DjambiState, ...):
# env/ offers what a game-specific caller needs (as_djambi, the description); everything a
# caller needs to know about a game comes from its description (env/game_description.h).
# Usage: no_concrete_game_casts.sh [REPOSITORY_ROOT]
set -uo pipefail
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
cd "$root" || exit 2
hits=$(grep -rn -E 'dynamic_cast<const (Djambi|TicTacToe)(Game|State)\b' --include='*.cpp' --include='*.h' \
       mcts nets train apps)
if [ -n "$hits" ]; then
  echo "Casts to a concrete game outside env/ (use Game::description or env/games.h):"
  echo "$hits"
  exit 1
fi
echo "no casts to a concrete game outside env/"
