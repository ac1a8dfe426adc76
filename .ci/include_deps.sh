#!/usr/bin/env bash
# Every #include names a declared direct dependency ("include what you
# depend on"). A header reached only through some other dependency's deps
# builds today and breaks the day that dependency drops it; this check makes
# each target say what it uses.
#
# For every cc_library/cc_test/cc_binary of ours (not third_party/), each
# #include in its srcs and hdrs must be:
#   * a header of ours that the target itself lists, or that one of its
#     DIRECT deps exports in `hdrs` (a header in another target's `srcs` is
#     private to it and never a legal include);
#   * an external header whose repository the target depends on directly:
#     absl/<dir>/... needs some @com_google_absl//absl/<dir>:*,
#     gtest/ and gmock/ need @com_google_googletest, re2/ needs
#     @com_googlesource_code_re2, benchmark/ needs @com_github_google_benchmark;
#   * or a system header (<vector>, ...), which is not checked.
# A header exported through a library's `includes` (//fuzz's
# <fuzzer/FuzzedDataProvider.h>) is ours under its shortened name too.
#
# One bazel query (--output=xml over every rule of ours) gives each target's
# files and deps; the sources are then read once.
#
#   .ci/include_deps.sh        # exit 1 and one line per violation:
#   //pkg:t: includes ir/x.h (owned by //ir:x) but does not depend on it
set -uo pipefail
cd "$(dirname "$0")/.."

xml="$(mktemp)"
trap 'rm -f "$xml"' EXIT
if ! ./bazelw query --noshow_progress --output=xml \
     'kind(rule, //... except //third_party/...)' >"$xml" 2>/tmp/include_deps.err; then
  echo "include_deps: bazel query failed:"; cat /tmp/include_deps.err
  exit 1
fi

python3 - "$xml" <<'PY'
import os
import re
import sys
import xml.etree.ElementTree as ET

CC_KINDS = {"cc_library", "cc_test", "cc_binary"}
# Include prefix -> the label prefix a direct dep must start with. absl is
# handled per subdirectory below.
EXTERNAL = {
    "gtest/": "@com_google_googletest//",
    "gmock/": "@com_google_googletest//",
    "re2/": "@com_googlesource_code_re2//",
    "benchmark/": "@com_github_google_benchmark//",
}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def label_path(label):
    """//pkg:dir/f.h -> pkg/dir/f.h (a file label of our repository)."""
    pkg, _, name = label[2:].partition(":")
    return f"{pkg}/{name}" if pkg else name


def normalize(label):
    """@repo//pkg -> @repo//pkg:pkg, so deps compare by full label."""
    if ":" not in label.split("//", 1)[1]:
        label += ":" + label.rsplit("/", 1)[-1]
    return label


rules = {}
for rule in ET.parse(sys.argv[1]).getroot().iter("rule"):
    attrs = {"class": rule.get("class"), "outs": []}
    for lst in rule.findall("list"):
        attrs[lst.get("name")] = [e.get("value") for e in lst]
    attrs["outs"] = [o.get("name") for o in rule.findall("rule-output")]
    rules[rule.get("name")] = attrs


def files_of(labels):
    """File paths behind srcs/hdrs labels: source files, or the outputs of a
    genrule/filegroup of ours."""
    out = []
    for label in labels:
        if not label.startswith("//"):
            continue
        rule = rules.get(label)
        if rule is None:
            out.append(label_path(label))
        elif rule["outs"]:
            out.extend(label_path(o) for o in rule["outs"])
        else:
            out.extend(files_of(rule.get("srcs", [])))
    return out


cc = {name: r for name, r in rules.items() if r["class"] in CC_KINDS}
exported = {}  # include path -> targets listing it in hdrs
private = {}   # include path -> targets listing it in srcs
own = {}       # target -> every include path it may use of its own files
for name, r in cc.items():
    mine = set()
    for attr, table in (("hdrs", exported), ("srcs", private)):
        for path in files_of(r.get(attr, [])):
            names = {path}
            pkg = name[2:].split(":")[0]
            for inc in r.get("includes", []):
                root = os.path.normpath(os.path.join(pkg, inc)) + "/"
                if path.startswith(root):
                    names.add(path[len(root):])
            for n in names:
                table.setdefault(n, []).append(name)
            mine |= names
    own[name] = mine

violations = []
for name in sorted(cc):
    r = cc[name]
    deps = {normalize(d) for d in r.get("deps", [])}
    for path in files_of(r.get("srcs", []) + r.get("hdrs", [])):
        if not os.path.isfile(path) or not path.endswith((".h", ".cc", ".inc")):
            continue  # generated (not ours to read) or not C++
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for quote, inc in INCLUDE.findall(text):
            if inc in own[name]:
                continue
            if quote == '"' and "/" not in inc:
                sibling = os.path.join(os.path.dirname(path), inc)
                if sibling in own[name]:
                    continue
            owners = exported.get(inc)
            if owners:
                if not deps & set(owners):
                    violations.append(f"{name}: includes {inc} (owned by {owners[0]}) "
                                      "but does not depend on it")
                continue
            if inc in private:
                violations.append(f"{name}: includes {inc}, which {private[inc][0]} keeps "
                                  "in srcs (private); export it in hdrs and depend on that")
                continue
            if inc.startswith("absl/"):
                want = "@com_google_absl//" + os.path.dirname(inc) + ":"
                if not any(d.startswith(want) for d in deps):
                    violations.append(f"{name}: includes {inc} (owned by {want}*) "
                                      "but does not depend on it")
                continue
            ext = next((p for p in EXTERNAL if inc.startswith(p)), None)
            if ext:
                if not any(d.startswith(EXTERNAL[ext]) for d in deps):
                    violations.append(f"{name}: includes {inc} (owned by {EXTERNAL[ext]}...) "
                                      "but does not depend on it")
                continue
            if quote == '"':
                violations.append(f"{name}: includes {inc}, which no target of ours exports")
            # <...> otherwise: a system header.

for v in violations:
    print(v)
print(f"include_deps: {len(cc)} targets, {len(violations)} violation(s)")
sys.exit(1 if violations else 0)
PY
