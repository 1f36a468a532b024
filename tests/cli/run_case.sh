#!/usr/bin/env bash
# Runs one CLI regression case: cases/NAME.args holds the arguments of `djambi` (shell-quoted);
# the combined stdout, stderr and exit code must equal cases/NAME.expected byte for byte.
# With UPDATE=1 the expected file is rewritten instead (review the diff before committing).
set -uo pipefail
bin=$1 args_file=$2 expected_file=$3
actual=$(eval "\"$bin\" $(cat "$args_file")" 2>&1; echo "exit $?")
if [ "${UPDATE:-0}" = 1 ]; then
  printf '%s\n' "$actual" > "$expected_file"
  exit 0
fi
if ! diff -u "$expected_file" <(printf '%s\n' "$actual"); then
  echo "FAIL: djambi $(cat "$args_file")"
  exit 1
fi
