#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh on this machine with the environment
# ClusterFuzzLite's build image gives it, then runs every fuzzer it installed
# for a few seconds on its unzipped seed corpus, with its .options and .dict,
# as the engine's runner would. Also checks that what build.sh installed
# matches the Bazel build: the same harnesses (the *_fuzzer cc_tests), seed
# corpora equal to bazel-bin/fuzz/<name>_corpus, dictionaries equal to
# bazel-bin/fuzz/<name>.dict.
#
#   fuzz/cfl_local.sh                      # address and undefined, 3 s each
#   fuzz/cfl_local.sh -t 10 address        # one sanitizer, 10 s per fuzzer
#   fuzz/cfl_local.sh -O 0 address         # compiled at -O0 (the engine uses -O1)
#
# The Bazel build it compares against is --config=fuzz, or the config named
# by $PTO_FUZZ_CONFIG (.ci/run's fuzz-smoke).
#
# Compiler: clang/clang++ (clang-14 through ./bazelw's symlinks). Objects
# are kept in $PTO_CFL_WORK (default ~/.cache/pto-cfl), keyed by the flags,
# so a second run recompiles only what changed; $OUT is a temporary
# directory. Exits non-zero on the first failure of a sanitizer's build or
# check; prints "cfl_local: ok" when all passed. See docs/fuzzing.md.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

seconds=3
opt_level=1
while getopts "t:O:" opt; do
  case "$opt" in
    t) seconds="$OPTARG" ;;
    O) opt_level="$OPTARG" ;;
    *) echo "usage: $0 [-t SECONDS] [-O LEVEL] [SANITIZER...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
sanitizers=("$@")
((${#sanitizers[@]})) || sanitizers=(address undefined)

# OSS-Fuzz's base-clang flags for the sanitizers build.sh supports. The
# engine also adds -stdlib=libc++ to CXXFLAGS; build.sh drops it when it
# links the system's (libstdc++) Abseil, as here.
common="-O${opt_level} -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
ubsan_checks="array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
sanitizer_flags() {
  case "$1" in
    address) echo "-fsanitize=address -fsanitize-address-use-after-scope" ;;
    undefined) echo "-fsanitize=$ubsan_checks,unsigned-integer-overflow -fno-sanitize-recover=$ubsan_checks" ;;
    *) return 1 ;;
  esac
}

# What build.sh's output is compared with.
fuzzers=$(./bazelw query --noshow_progress 'attr(name, "_fuzzer$", kind(cc_test, //fuzz/...))' 2>/dev/null) || {
  echo "cfl_local: bazel query failed" >&2; exit 1; }
targets=""
for t in $fuzzers; do targets+=" ${t}_corpus"; done
# The configuration .ci/run has just built, so nothing is redone.
./bazelw build --config="${PTO_FUZZ_CONFIG:-fuzz}" --noshow_progress $targets //fuzz:text_dictionaries 2>/tmp/cfl_local_bazel.$$ || {
  cat /tmp/cfl_local_bazel.$$; rm -f /tmp/cfl_local_bazel.$$; exit 1; }
rm -f /tmp/cfl_local_bazel.$$

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
work="${PTO_CFL_WORK:-${HOME}/.cache/pto-cfl}"
mkdir -p "$work" "$tmp/src"

for sanitizer in "${sanitizers[@]}"; do
  flags="$(sanitizer_flags "$sanitizer")" || { echo "cfl_local: unknown sanitizer $sanitizer" >&2; exit 2; }
  out="$tmp/out-$sanitizer"
  mkdir -p "$out"
  echo "=== build.sh, SANITIZER=$sanitizer"
  start=$SECONDS
  if ! env CC=clang CXX=clang++ SANITIZER="$sanitizer" \
        CFLAGS="$common $flags -fsanitize=fuzzer-no-link" \
        CXXFLAGS="$common $flags -fsanitize=fuzzer-no-link" \
        LIB_FUZZING_ENGINE="-fsanitize=fuzzer" \
        SRC="$tmp/src" WORK="$work" OUT="$out" PTO_ROOT="$root" \
        bash .clusterfuzzlite/build.sh > "$tmp/build.log" 2>&1; then
    tail -40 "$tmp/build.log"
    echo "cfl_local: build.sh failed (SANITIZER=$sanitizer)"
    exit 1
  fi
  echo "built in $((SECONDS - start)) s"

  installed=$(cd "$out" && find . -maxdepth 1 -type f -perm -u+x | sed 's|^\./||' | sort)
  expected=$(for t in $fuzzers; do echo "${t##*:}"; done | sort)
  if [[ "$installed" != "$expected" ]]; then
    echo "cfl_local: build.sh installed [$installed], the Bazel build has [$expected]"
    exit 1
  fi
  for name in $installed; do
    corpus="$tmp/corpus-$sanitizer-$name"
    mkdir -p "$corpus"
    unzip -q "$out/${name}_seed_corpus.zip" -d "$corpus"
    if ! diff -r "$corpus" "bazel-bin/fuzz/${name}_corpus" > "$tmp/diff"; then
      cat "$tmp/diff"
      echo "cfl_local: ${name}_seed_corpus.zip differs from bazel-bin/fuzz/${name}_corpus"
      exit 1
    fi
    if [[ -f "bazel-bin/fuzz/$name.dict" ]] && ! cmp -s "$out/$name.dict" "bazel-bin/fuzz/$name.dict"; then
      echo "cfl_local: $name.dict differs from bazel-bin/fuzz/$name.dict"
      exit 1
    fi
    # The runner turns the [libfuzzer] section of <name>.options into flags.
    opts=()
    while IFS='=' read -r k v; do
      k="${k// /}"; v="${v// /}"
      [[ -z "$k" || "$k" == \[* ]] && continue
      [[ "$k" == dict ]] && v="$out/$v"
      opts+=("-$k=$v")
    done < "$out/$name.options"
    if ! (cd "$tmp" && ASAN_OPTIONS=detect_leaks=1 \
          UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:silence_unsigned_overflow=1 \
          "$out/$name" "${opts[@]}" -max_total_time="$seconds" -print_final_stats=1 "$corpus" \
          > "$tmp/run.log" 2>&1); then
      tail -60 "$tmp/run.log"
      echo "cfl_local: $name failed (SANITIZER=$sanitizer)"
      exit 1
    fi
    printf '%-22s %s, %s\n' "$name" "${opts[*]}" \
      "$(grep -E 'stat::number_of_executed_units' "$tmp/run.log" | awk '{print $2 " runs"}')"
  done
done
echo "cfl_local: ok"
