#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script: builds every libFuzzer harness
# (fuzz/*_fuzzer.cc) with the compiler and flags the engine passes ($CC, $CXX,
# $CFLAGS, $CXXFLAGS, $LIB_FUZZING_ENGINE; $SANITIZER selects the flags) and
# installs into $OUT, per harness:
#   <name>                  the fuzzer, statically linked against our code and Abseil
#   <name>_seed_corpus.zip  fuzz/corpus/<name>/ plus the testdata files that
#                           fuzz/BUILD.bazel's corpus_testdata names (what
#                           bazel-bin/fuzz/<name>_corpus holds)
#   <name>.dict             for a harness with `dict = ...` in fuzz/BUILD.bazel,
#                           written by fuzz/dict/dict_gen
#   <name>.options          libFuzzer options for the runner
#
# No Bazel: the engine's images do not have it, and our Bazel build links
# Debian's prebuilt libraries. The sources are compiled directly
# (.clusterfuzzlite/pto.mk); docs/fuzzing.md explains the choice.
# Abseil comes from $SRC/abseil-cpp when the Dockerfile cloned it (built here
# with the engine's flags, so it is instrumented and uses the engine's C++
# library), otherwise from the system's static archives (fuzz/cfl_local.sh).
#
# Runs in the repository root (the Dockerfile's WORKDIR) or in $PTO_ROOT.

# Also when run as `bash build.sh`, which ignores the -eu above.
set -euo pipefail
root="${PTO_ROOT:-$PWD}"
cd "$root"
if [[ ! -f fuzz/fuzz.bzl ]]; then
  echo "build.sh: $root is not the repository root (set PTO_ROOT)" >&2
  exit 1
fi
echo "build.sh: SANITIZER=${SANITIZER:-unset} CXX=$CXX"
jobs="$(nproc)"

# Objects are keyed by the flags, so builds for two sanitizers sharing $WORK
# never mix, and by the checkout's path, because their dependency files name
# sources by absolute path: another checkout must not reuse them.
key="$(printf '%s\n' "$root" "$CC" "$CXX" "$CFLAGS" "$CXXFLAGS" "$LIB_FUZZING_ENGINE" | sha1sum | cut -c1-12)"
build="$WORK/pto-$key"
mkdir -p "$build" "$OUT"

# --- Abseil (our only library dependency in the fuzz targets)
if [[ -d "$SRC/abseil-cpp" ]]; then
  absl_prefix="$build/absl"
  if [[ ! -f "$absl_prefix/.installed" ]]; then
    cmake -S "$SRC/abseil-cpp" -B "$build/absl-build" -G "Unix Makefiles" \
      -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
      -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
      -DCMAKE_CXX_STANDARD=17 -DABSL_PROPAGATE_CXX_STD=ON \
      -DBUILD_TESTING=OFF -DABSL_BUILD_TESTING=OFF \
      -DCMAKE_INSTALL_PREFIX="$absl_prefix" -DCMAKE_INSTALL_LIBDIR=lib
    cmake --build "$build/absl-build" -j"$jobs" --target install
    touch "$absl_prefix/.installed"
  fi
  absl_libdir="$absl_prefix/lib"
  dep_includes="-isystem $absl_prefix/include"
else
  base_a="$(ls /usr/local/lib/libabsl_base.a /usr/lib/*/libabsl_base.a /usr/lib/libabsl_base.a \
              2>/dev/null | head -1 || true)"
  if [[ -z "$base_a" ]]; then
    echo "build.sh: no \$SRC/abseil-cpp and no system libabsl_base.a" >&2
    exit 1
  fi
  absl_libdir="$(dirname "$base_a")"
  dep_includes=""
  # The system's archives are built against libstdc++.
  CXXFLAGS="${CXXFLAGS//-stdlib=libc++/}"
fi
absl_libs="$(echo "$absl_libdir"/libabsl_*.a)"

# --- Compile and link (incremental within $build)
harnesses="$(cd fuzz && ls -- *_fuzzer.cc | sed 's/\.cc$//' | tr '\n' ' ')"
lib_srcs="$(find ir passes backends codegen sim fuzz/gen fuzz/oracle fuzz/dict -name '*.cc' \
              ! -name '*_test.cc' ! -name '*_benchmark.cc' ! -name 'dict_gen.cc' | sort | tr '\n' ' ')"
make -s -f "$root/.clusterfuzzlite/pto.mk" -j"$jobs" \
  ROOT="$root" BUILD="$build" OUT="$OUT" HARNESSES="$harnesses" LIB_SRCS="$lib_srcs" \
  ABSL_LIBS="$absl_libs" DEP_INCLUDES="$dep_includes" \
  CXX="$CXX" CXXFLAGS="$CXXFLAGS" LIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE"

# --- Seeds, dictionaries, options: read from each harness's cc_fuzz_test in
# fuzz/BUILD.bazel, so this script holds no list of its own. Prints
# "testdata SRC NAME" and "dict FILE" lines.
fuzz_test_attrs() {
  awk -v want="$1" '
    /^cc_fuzz_test\(/ { inside = 1; mine = 0; n = 0; next }
    inside && /^\)/ { if (mine) for (i = 0; i < n; i++) print lines[i]; inside = 0; next }
    !inside { next }
    $0 ~ "^ *name = \"" want "\"," { mine = 1 }
    match($0, /"\/\/testdata:[^"]+": "[^"]+"/) {
      s = substr($0, RSTART, RLENGTH); gsub(/"/, "", s); sub(/^\/\/testdata:/, "", s)
      split(s, kv, ": "); lines[n++] = "testdata testdata/" kv[1] " " kv[2]
    }
    match($0, /^ *dict = ":[^"]+"/) {
      s = substr($0, RSTART, RLENGTH); sub(/^ *dict = ":/, "", s); sub(/"$/, "", s)
      lines[n++] = "dict " s
    }' fuzz/BUILD.bazel
}

dicts=()
for name in $harnesses; do
  seeds="$build/seeds/$name"
  rm -rf "$seeds" && mkdir -p "$seeds"
  if [[ -d "fuzz/corpus/$name" ]]; then
    find "fuzz/corpus/$name" -type f -exec cp {} "$seeds/" \;
  fi
  dict=""
  while read -r kind a b; do
    case "$kind" in
      testdata) cp "$a" "$seeds/$b" ;;
      dict) dict="$a"; dicts+=("$OUT/$a") ;;
    esac
  done < <(fuzz_test_attrs "$name")
  rm -f "$OUT/${name}_seed_corpus.zip"
  zip -q -X -j "$OUT/${name}_seed_corpus.zip" "$seeds"/*
  {
    echo "[libfuzzer]"
    # tile_program_fuzzer's interpreter needs more than the 2560 MB default.
    echo "rss_limit_mb = 4096"
    if [[ -n "$dict" ]]; then echo "dict = $dict"; fi
  } > "$OUT/$name.options"
done
if ((${#dicts[@]})); then
  ASAN_OPTIONS=detect_leaks=0 "$build/dict_gen" "${dicts[@]}"
fi
echo "build.sh: installed $harnesses into $OUT"
