# Kocka: the two commands are `make sim` and `make test`; see README.md.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.PHONY: sim test bench flash mpy uf2 clean help

help:
	@echo "make sim    - set up (first time) and open the simulator"
	@echo "make test   - set up (first time) and run every test, the MicroPython gate included"
	@echo "make bench  - run the benchmarks (results in bench/results/)"
	@echo "make flash  - copy the firmware to a Pico (PORT=... to choose the port)"
	@echo "make uf2    - build the Kocka firmware images (build/uf2/*.uf2; BOARD=RPI_PICO or RPI_PICO2)"

$(STAMP): requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

sim: $(STAMP)
	$(PY) -m simulator $(ARGS)

test: $(STAMP) $(NODE_STAMP)
	$(PY) -m pytest -n 2 --dist loadscope

bench: $(STAMP) $(NODE_STAMP)
	$(PY) -m bench

mpy: $(STAMP)
	$(PY) -m tools.build_bundle

uf2: $(STAMP)
	$(PY) -m tools.build_uf2 $(if $(BOARD),--board "$(BOARD)")

flash: $(STAMP)
	$(PY) -m tools.flash $(if $(PORT),--port "$(PORT)")

clean:
	rm -rf build .pytest_cache .mypy_cache
