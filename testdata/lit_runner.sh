#!/usr/bin/env bash
# Runs the `# RUN:` lines of one golden file (see golden_test.bzl).
set -euo pipefail

file="$1"
filecheck=/usr/lib/llvm-14/bin/FileCheck
if [[ ! -x "$filecheck" ]]; then
  echo "lit_runner: $filecheck not found (install llvm-14-tools)" >&2
  exit 1
fi

# Project tools are runfiles under tools/; FileCheck comes from LLVM 14.
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
for tool in tools/*; do
  [[ -f "$tool" && -x "$tool" ]] && ln -s "$PWD/$tool" "$bin/$(basename "$tool")"
done
ln -s "$filecheck" "$bin/FileCheck"
export PATH="$bin:$PATH"
# Strict FileCheck, as MLIR's lit config sets it.
export FILECHECK_OPTS="--enable-var-scope --allow-unused-prefixes=false"

runs=()
current=""
while IFS= read -r line || [[ -n "$line" ]]; do
  if [[ "$line" =~ ^#\ RUN:\ ?(.*)$ ]]; then
    part="${BASH_REMATCH[1]}"
    if [[ "$part" == *'\' ]]; then
      current+="${part%\\} "
    else
      runs+=("$current$part")
      current=""
    fi
  fi
done < "$file"

if ((${#runs[@]} == 0)); then
  echo "lit_runner: $file has no RUN lines" >&2
  exit 1
fi

status=0
for run in "${runs[@]}"; do
  cmd="${run//%s/$file}"
  echo "RUN: $cmd"
  if ! bash -o pipefail -c 'not() { if "$@"; then return 1; else return 0; fi; }; '"$cmd"; then
    echo "FAILED: $cmd" >&2
    status=1
  fi
done
exit $status
