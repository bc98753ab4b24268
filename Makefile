# Kocka: the two commands are `make sim` and `make test`; see README.md.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
# the system packages a command needs (tools/system_deps.py: installed as root on Debian,
# else one line saying what to install)
SYSTEM_DEPS := $(PYTHON) tools/system_deps.py

.PHONY: sim test test-fast bench flash mpy uf2 install clean help web web-serve

# where `make install` links the kocka command (a folder on your PATH)
BIN ?= $(HOME)/.local/bin

help:
	@echo "make sim    - set up (first time) and open the simulator"
	@echo "make test   - set up (first time) and run every test, the MicroPython gate included"
	@echo "make test-fast - only the quick unit tier (CPython; see docs/testing.md)"
	@echo "make bench  - run the benchmarks (results in bench/results/)"
	@echo "make flash  - copy the firmware to a Pico (PORT=... to choose the port)"
	@echo "make uf2    - build the Kocka firmware images (build/uf2/*.uf2; BOARD=RPI_PICO or RPI_PICO2)"
	@echo "make web    - build Kocka in a browser: a static site in build/web/"
	@echo "make web-serve - build it and serve it on localhost (PORT=... to choose the port)"
	@echo "make install - put the kocka command on your PATH (a link in BIN=$(BIN))"

$(STAMP): requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

$(NODE_STAMP): package.json package-lock.json
	$(SYSTEM_DEPS) web
	npm ci --no-audit --no-fund --silent
	touch $@

sim: $(STAMP)
	$(PY) -m simulator $(ARGS)

test: $(STAMP) $(NODE_STAMP)
	$(SYSTEM_DEPS) test
	$(PY) -m pytest -n 2 --dist loadscope

test-fast: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadscope -m unit

bench: $(STAMP) $(NODE_STAMP)
	$(SYSTEM_DEPS) bench
	$(PY) -m bench

mpy: $(STAMP)
	$(PY) -m tools.build_bundle

uf2: $(STAMP)
	$(SYSTEM_DEPS) uf2
	$(PY) -m tools.build_uf2 $(if $(BOARD),--board "$(BOARD)")

web: $(STAMP) $(NODE_STAMP)
	$(PY) -m tools.build_web

web-serve: web
	$(PY) -m tools.serve_web $(if $(PORT),--port "$(PORT)")

flash: $(STAMP)
	$(PY) -m tools.flash $(if $(PORT),--port "$(PORT)")

install: $(STAMP)
	@mkdir -p "$(BIN)"
	@ln -sf "$(abspath $(VENV))/bin/kocka" "$(BIN)/kocka"
	@echo "kocka -> $(BIN)/kocka (it runs this checkout's code from $(VENV))"
	@case ":$$PATH:" in *":$(BIN):"*) ;; *) echo "note: $(BIN) is not on your PATH: add it (e.g. export PATH=\"$(BIN):\$$PATH\" in your shell's profile), or choose BIN=... on it";; esac

clean:
	rm -rf build .pytest_cache .mypy_cache
