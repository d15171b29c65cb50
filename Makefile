# make demo: create .venv, install, run the tour.  make test: the whole test suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: demo test bench tables clean

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev,cli]"
	touch $(INSTALLED)

demo: $(INSTALLED)
	$(BIN)/pokerlut demo

test: $(INSTALLED)
	$(BIN)/python -m pytest

bench: $(INSTALLED)
	$(BIN)/python -m pytest benchmarks --benchmark-only --benchmark-columns=min,median,ops,rounds

tables: $(INSTALLED)
	$(BIN)/python scripts/build_tables.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .benchmarks
