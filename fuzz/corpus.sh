#!/usr/bin/env bash
# Corpus care for the checked-in seeds, fuzz/corpus/<harness>/, with
# libFuzzer's own -merge=1 (the harness built with --config=fuzz).
#
#   fuzz/corpus.sh merge HARNESS DIR...     # add the inputs of DIR... that reach
#                                           # coverage the seeds do not
#   fuzz/corpus.sh minimize HARNESS         # drop seeds whose coverage the others
#                                           # already reach
#   fuzz/corpus.sh regress HARNESS FILE ID WHAT
#                                           # FILE becomes regress_<ID>_<WHAT>, a
#                                           # seed `bazel test //fuzz:HARNESS` replays
#   -n (before the command): print what would change, change nothing.
#
# merge runs `HARNESS -merge=1 OUT SEEDS DIR...` with OUT starting as a copy
# of the seeds, so only new coverage is added; the additions are named
# merged_<sha1> (libFuzzer names them by content).
# minimize runs `HARNESS -merge=1 EMPTY SEEDS`, which keeps a smallest set of
# seeds reaching all their coverage, preferring smaller files; every seed
# outside it is removed, except regress_* and known_* reproducers (a
# regression input guards a property, not an edge) and the testdata files
# the build adds (corpus_testdata in fuzz/BUILD.bazel; not in the directory).
# Coverage is that of the instrumented build on this machine; review the diff
# (git status fuzz/corpus) before committing.
#
# From a crash to a regression test (docs/fuzzing.md, "Corpus care"):
#   bazel-bin/fuzz/HARNESS -minimize_crash=1 -max_total_time=30 \
#       -exact_artifact_path=/tmp/min crash-<sha1>
#   fuzz/corpus.sh regress HARNESS /tmp/min F13 short_description
#   ./bazelw test //fuzz:HARNESS          # fails until the defect is fixed
set -euo pipefail
cd "$(dirname "$0")/.."

dry=0
if [[ "${1:-}" == "-n" ]]; then
  dry=1
  shift
fi
usage() {
  sed -n '4,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
(($# >= 2)) || usage
cmd="$1"
harness="$2"
shift 2
seeds="fuzz/corpus/$harness"
[[ -d "$seeds" ]] || { echo "no seed directory $seeds" >&2; exit 2; }

if [[ "$cmd" == "regress" ]]; then
  (($# == 3)) || usage
  file="$1" id="$2" what="$3"
  [[ "$id" =~ ^[A-Za-z0-9]+$ && "$what" =~ ^[a-z0-9_]+$ ]] ||
    { echo "ID is alphanumeric, WHAT lower_case_with_underscores" >&2; exit 2; }
  dest="$seeds/regress_${id}_${what}"
  [[ -e "$dest" ]] && { echo "$dest exists" >&2; exit 1; }
  echo "add $dest ($(wc -c <"$file") bytes)"
  ((dry)) || cp "$file" "$dest"
  echo "replay it: ./bazelw test //fuzz:$harness"
  exit 0
fi

./bazelw build --config=fuzz "//fuzz:$harness" >&2
bin="$(./bazelw info --config=fuzz bazel-bin 2>/dev/null)/fuzz/$harness"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/out"
# The seeds are read-only inputs here; libFuzzer writes to $work only.
cp -r "$seeds" "$work/seeds"

case "$cmd" in
  merge)
    (($# >= 1)) || usage
    cp "$seeds"/* "$work/out/"
    "$bin" -merge=1 -use_counters=0 -rss_limit_mb=4096 "$work/out" "$@" >"$work/log" 2>&1 ||
      { cat "$work/log" >&2; exit 1; }
    grep -E 'MERGE-OUTER: [0-9]+ new files' "$work/log" || true
    added=0
    for f in "$work/out"/*; do
      name="$(basename "$f")"
      [[ -e "$seeds/$name" ]] && continue
      echo "add $seeds/merged_$name ($(wc -c <"$f") bytes)"
      ((dry)) || cp "$f" "$seeds/merged_$name"
      added=$((added + 1))
    done
    echo "$added inputs added to $seeds"
    ;;
  minimize)
    (($# == 0)) || usage
    "$bin" -merge=1 -use_counters=0 -rss_limit_mb=4096 "$work/out" "$work/seeds" >"$work/log" 2>&1 ||
      { cat "$work/log" >&2; exit 1; }
    grep -E 'MERGE-OUTER: [0-9]+ new files' "$work/log" || true
    # libFuzzer names what it keeps by the SHA1 of the contents.
    declare -A kept
    for f in "$work/out"/*; do kept["$(basename "$f")"]=1; done
    removed=0
    for f in "$seeds"/*; do
      name="$(basename "$f")"
      case "$name" in regress_* | known_*) continue ;; esac
      sum="$(sha1sum "$f" | cut -d' ' -f1)"
      [[ -n "${kept[$sum]:-}" ]] && continue
      echo "remove $f (its coverage is reached by the other seeds)"
      ((dry)) || rm -f "$f"
      removed=$((removed + 1))
    done
    echo "$removed seeds removed from $seeds, ${#kept[@]} kept by libFuzzer"
    ;;
  *)
    usage
    ;;
esac
