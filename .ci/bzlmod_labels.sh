#!/usr/bin/env bash
# Every external repository our BUILD and .bzl files name is either Bazel's
# own (@bazel_tools, @platforms) or one MODULE.bazel maps with `repo_name`,
# so the Bzlmod path resolves the same labels as the WORKSPACE path. (No
# Bzlmod-capable Bazel can be installed here; this is the part of that build
# we can check.)
#
#   .ci/bzlmod_labels.sh       # exit 1 and a list when a label has no mapping
set -euo pipefail
cd "$(dirname "$0")/.."

builtin='bazel_tools platforms'
declared=$(sed -nE 's/.*repo_name *= *"([^"]+)".*/\1/p' MODULE.bazel | sort -u)
# Repositories named in our BUILD files and macros (not third_party/, which
# is the WORKSPACE path's own glue).
used=$(git ls-files '*BUILD.bazel' '*.bzl' ':!:third_party/*' |
  xargs grep -ohE '"@[A-Za-z0-9_.-]+//' | sed -E 's/"@([^/]+)\/\//\1/' | sort -u)

missing=0
for repo in $used; do
  if [[ " $builtin " == *" $repo "* ]] || grep -qx "$repo" <<<"$declared"; then
    echo "bzlmod: ok  @$repo"
  else
    echo "bzlmod: @$repo is used but MODULE.bazel declares no bazel_dep with repo_name = \"$repo\""
    missing=$((missing + 1))
  fi
done
[[ $missing -eq 0 ]]
