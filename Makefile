# make run    set up .venv, install the package, run the main job (simulations.headline)
# make test   set up .venv with the test extras, run ruff, compile the kernels (equity warmup) and pytest
# make bench  set up .venv with the benchmark peers, run the scripts in benchmarks/
# make clean  remove caches and build files (make distclean also removes .venv)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip

# Generated tables and the Numba cache (in a folder named after a hash of the
# kernel sources, chosen by equity._kernels) stay inside the repository.
export EQUITY_CACHE_DIR := $(CURDIR)/.cache/equity

.PHONY: run test bench clean distclean

run: $(VENV)/.installed
	$(PY) -m simulations.headline

test: $(VENV)/.installed-test
	mkdir -p "$(EQUITY_CACHE_DIR)"
	$(VENV)/bin/ruff check .
	$(PY) -m equity warmup --all
	$(PY) -m pytest

bench: $(VENV)/.installed-bench
	$(PY) benchmarks/summary.py
	$(PY) benchmarks/evaluators.py
	$(PY) benchmarks/deals.py
	$(PY) benchmarks/calc.py
	$(PY) benchmarks/custom_games.py
	$(PY) benchmarks/native_ceiling.py
	$(PY) benchmarks/draw_strategy.py
	$(PY) benchmarks/push_fold.py
	$(PY) benchmarks/mechanisms.py
	$(PY) benchmarks/vector_paths.py

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PIP) install -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PIP) install -e ".[test]"
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(PY)
	$(PIP) install -e ".[bench]"
	touch $@

clean:
	rm -rf .numba_cache .cache .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
