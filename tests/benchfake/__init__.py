"""Two tiny benchmarks for the tests of `make bench`'s runner (bench/__main__.py)."""
