// Sanitizer defaults for the libFuzzer builds (--config=fuzz). ASAN_OPTIONS
// in the environment still overrides them.
//
// quarantine_size_mb: ASan keeps freed memory out of reuse until this much
// has been freed, to catch use-after-free. Its 256 MiB default means every
// execution of a harness allocates from never-touched pages, and the page
// faults cost more than the harness itself. One execution frees well under
// 1 MiB, so 16 MiB still spans many executions' worth of frees.

extern "C" const char* __asan_default_options() { return "quarantine_size_mb=16"; }
