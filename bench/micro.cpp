// Google Benchmark microbenchmarks (placeholder: filled in by the harness work).
#include <benchmark/benchmark.h>
BENCHMARK_MAIN();
