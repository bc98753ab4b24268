"""Benchmarks, run by `make bench`; each bench/bench_*.py writes bench/results/<name>.json."""
