# `--help` (also `-help`, `-h`) prints a one-line usage and then every flag
# of the tool with its default, names spelled with dashes, and exits 0.
#
# RUN: pto-opt --help | FileCheck %s --check-prefix=OPT
# RUN: pto-opt -h | FileCheck %s --check-prefix=OPT
# RUN: pto-run --help | FileCheck %s --check-prefix=PTORUN
# RUN: pto-run -help | FileCheck %s --check-prefix=PTORUN
#
# OPT:      {{^}}usage: pto-opt [FILE|-] [-o FILE] [--passes=LIST|default|none] [flags]{{$}}
# OPT-NEXT: {{^}}Runs tile IR passes
# OPT:      {{^}}flags (a '-' in a name may also be spelled '_'):
# OPT-NEXT: {{^}}  --allow-unregistered-ops (default: false)
# OPT:      {{^}}  --backend (default: a5)
# OPT:      {{^}}  --emit (default: ir)
# OPT:      {{^}}  --emit-source-loc (default: false)
# OPT:      {{^}}  --list-passes (default: false)
# OPT:      {{^}}  -o (default: -)
# OPT:      {{^}}  --passes (default: default)
# OPT-NEXT: Pass pipeline: 'default', 'none', or comma-separated pass and pipeline
# OPT:      {{^}}  --print-ir-after-all (default: false)
# OPT:      {{^}}  --verify-each (default: true)
#
# PTORUN:   {{^}}usage: pto-run FILE --func=NAME --in=NAME=PATH.npy ... --out-dir=DIR [flags]{{$}}
# PTORUN:   {{^}}  --allow-unregistered-ops (default: false)
# PTORUN:   {{^}}  --backend (default: a5)
# PTORUN:   {{^}}  --check-signals (default: true)
# PTORUN:   {{^}}  --func{{$}}
# PTORUN:   {{^}}  --in{{$}}
# PTORUN:   {{^}}  --out-dir{{$}}
# PTORUN:   {{^}}  --passes (default: none)
# PTORUN:   {{^}}  --ranks (default: 0)
# PTORUN:   {{^}}  --schedule-seed (default: 0)
# PTORUN:   {{^}}  --seed (default: -1)
# PTORUN:   {{^}}  --strict-undefined (default: false)
# PTORUN:   {{^}}  --threads (default: false)
