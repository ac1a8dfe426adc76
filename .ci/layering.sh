#!/usr/bin/env bash
# The dependency rules of docs/architecture.md, checked with bazel query.
# Each rule is one query whose result must be empty: the targets of a layer
# that reach a target the layer must not depend on. A failing rule prints the
# offending targets and a path to one of them.
#
#   .ci/layering.sh            # exit 0 when every rule holds
set -uo pipefail
cd "$(dirname "$0")/.."

ours=''
for d in ir backends passes codegen sim fuzz tools bench e2e; do
  [[ -f "$d/BUILD.bazel" || -n "$(find "$d" -name BUILD.bazel -print -quit 2>/dev/null)" ]] &&
    ours+="${ours:+ + }//$d/..."
done
rules_libs='//passes/lower_composite:math //passes/lower_composite:select //passes/lower_composite:mx //passes/lower_composite:allreduce //passes/lower_composite:allgather //passes/lower_composite:reduce_scatter //passes/lower_composite:broadcast //passes/lower_composite:barrier //passes/lower_composite:all_to_all //passes/lower_composite:all_to_all_v'

failed=0
# check NAME FROM ALLOWED: targets in FROM depend on nothing of ours outside
# ALLOWED (third-party targets are not ours and always allowed).
check() {
  local name="$1" from="$2" allowed="$3"
  local query="kind(rule, deps($from)) intersect (($ours) except ($allowed))"
  local out
  if ! out=$(./bazelw query --noshow_progress "$query" 2>/tmp/layering.err); then
    echo "layering: query failed for rule '$name':"; cat /tmp/layering.err
    failed=$((failed + 1))
    return
  fi
  if [[ -n "$out" ]]; then
    echo "layering: rule '$name' broken; forbidden dependencies:"
    echo "$out" | sed 's/^/  /'
    local first
    first=$(echo "$out" | head -1)
    echo "  path: $(./bazelw query --noshow_progress "somepath($from, $first)" 2>/dev/null | tr '\n' ' ')"
    failed=$((failed + 1))
  else
    echo "layering: ok  $name"
  fi
}

# Libraries a user embeds; tests may pull in what they need (a pass test
# names a concrete backend through the registry).
libs() { echo "attr(testonly, 0, kind(cc_library, $1))"; }

check "ir depends on nothing of ours" '//ir/...' '//ir/...'
check "backends depend on ir" '//backends/...' '//ir/... + //backends/...'
check "passes depend on ir and the backend interface, never a5/a2a3" \
  "$(libs //passes/...)" '//ir/... + //passes/... + //backends:backend'
# A pass never depends on another pass: what two passes share lives in a
# utility library of its own (passes:pass, passes:prelude_mutator,
# passes/normalize:loop_escapes, ...). The registry (passes:all_passes) is
# the one library that names them all.
pass_libs='//passes/normalize:inline_functions //passes/normalize:unroll_loops //passes/normalize:ctrl_flow_transform //passes/normalize:convert_to_ssa //passes/normalize:simplify //passes/normalize:normalize_stmt_structure //passes/normalize:flatten_call_expr //passes/outline:outline_hierarchy_scopes //passes/outline:outline_incore_scopes //passes/outline:outline_cluster_scopes //passes/tensor_to_tile:convert_tensor_to_tile_ops //passes/tensor_to_tile:optimize_orch_tensors //passes/verify:verify_ssa //passes/verify:verify_no_nested_call //passes/lower_composite:lower_composite_ops //passes/legalize_tile_cast //passes/materialize_tcvt_scratch //passes/memory:infer_tile_memory_space //passes/layout:flatten_tile_nd_to_2d'
for lib in $pass_libs; do
  others=$(for o in $pass_libs; do [[ "$o" != "$lib" ]] && printf '%s + ' "$o"; done)
  check "pass ${lib##*[:/]} depends on no other pass" "$lib" "($ours) except (${others% + })"
done
for lib in $rules_libs; do
  others=$(for o in $rules_libs; do [[ "$o" != "$lib" ]] && printf '%s + ' "$o"; done)
  check "rule library ${lib##*:} depends on no other rule library" "$lib" \
    "($ours) except (${others% + })"
done
check "codegen depends on ir and the backend interface" \
  "$(libs //codegen/...)" '//ir/... + //codegen/... + //backends:backend'
check "sim depends on ir" '//sim/...' '//ir/... + //sim/...'
# The text form's packages (docs/architecture.md, "Text form"): allowed
# within //ir/text is only what each rule names; everything else of ours is
# governed by the rules above.
text_only() { echo "(($ours) except //ir/text/...) + $1"; }
check "the lexer depends on nothing of the text form but its diagnostics" \
  "$(libs //ir/text/lexer/...)" "$(text_only '//ir/text/lexer/... + //ir/text:diagnostic')"
check "text output depends on nothing of the text form" \
  "$(libs //ir/text/output/...)" "$(text_only '//ir/text/output/...')"
check "host Python depends on nothing of the text form but the lexer" \
  "$(libs //ir/text/python/...)" \
  "$(text_only '//ir/text/python/... + //ir/text/lexer/... + //ir/text:diagnostic')"
check "the printer depends on no parser, and of the DSL package only on its op table" \
  "$(libs //ir/text/printer/...)" \
  "($ours) except (//ir/text/parser/... + (//ir/text/dsl/... except //ir/text/dsl:dsl_ops))"
check "the DSL tables never depend on the parser" \
  "$(libs //ir/text/dsl/...)" "($ours) except //ir/text/parser/..."
check "fuzz never depends on tools" '//fuzz/...' "($ours) except //tools/..."
check "nothing depends on tools" "($ours) except (//tools/... + //testdata/...)" \
  "($ours) except //tools/..."

echo "layering: ${failed} rule(s) broken"
[[ $failed -eq 0 ]]
