# make demo: create .venv, install, run the tour.  make test: the whole test suite (CI).
# make check: the fast tier for day-to-day work.  make docs: the site (mkdocs.yml) into build/site.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: demo test check bench bench-startup bench-peers tables docs clean

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev,cli,docs,pandas,distributed,plot,abstraction,gpu,history]"
	$(INSTALL_PEERS)
	touch $(INSTALLED)

# The compare extra (other evaluators, for bench-peers and tests/test_bench_peers.py): all at
# once, else each one that installs here (one without a wheel for this machine may not build).
PEERS := phevaluator eval7 treys holdem-hand-evaluator pokerkit
INSTALL_PEERS = $(BIN)/python -m pip install --quiet -e ".[compare]" || for p in $(PEERS); do \
	$(BIN)/python -m pip install --quiet $$p || echo "$$p does not install here: left out"; done

# The tour. (`pokerlut warm` compiles every kernel ahead; it is not run here while it takes
# minutes: 112 s on a 2-core Zen 5, 141 s on a 2-core Xeon, docs/performance.md.)
demo: $(INSTALLED)
	$(BIN)/pokerlut demo

# Lint and format (ruff) and type checks (mypy --strict; both configured in pyproject.toml), every kernel
# compiled once into numba's cache (`pokerlut warm`: else each pytest-xdist worker compiles what
# its files use, the same kernels twice), the whole suite, then the kernel tests again with numba's bounds checks on
# (fresh cache); pytest-xdist runs the tests of different files on every core at once. Then the
# benchmarks' smoke run (under a minute on 2 cores): each benchmark once, untimed, at a small
# size, its result checked against its checksum (benchmarks/conftest.py), so none rots unrun.
BOUNDSCHECKED := tests/test_exhaustive.py tests/test_hand_state.py tests/test_equity.py tests/test_games.py tests/test_omaha.py tests/test_wild.py tests/test_italian.py \
	tests/test_api_errors.py tests/test_hardening.py::test_bounds_checking_is_active
PARALLEL := -n auto --dist loadfile
test: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m mypy
	$(BIN)/pokerlut warm --quiet
	$(BIN)/python -m pytest $(PARALLEL)
	NUMBA_BOUNDSCHECK=1 NUMBA_CACHE_DIR=$$(mktemp -d) \
		$(BIN)/python -m pytest $(PARALLEL) -q -m "not slow" -p no:cacheprovider $(BOUNDSCHECKED)
	$(BIN)/python -m pytest $(PARALLEL) -q benchmarks --benchmark-disable

# Lint, type checks and every test not marked slow (exhaustive checks, whole-process runs, rebuilds).
check: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest $(PARALLEL) -q -m "not slow"

# Every benchmark (BENCH="-k batch" picks some) on this CPU, then benchmarks/results.json (items/s
# per benchmark and thread count, the machine) and results.md (the table). AVX2=1: the same with
# numba's target cut to AVX2, as on a CPU without AVX-512, into results-avx2.json and .md;
# PORTABLE=1: with no SIMD level (what ARM or an old x86 runs), into results-portable.*. Then
# `$(BIN)/python scripts/bench_report.py --speed README.md` makes the README's speed table from
# the three runs and the peers' (docs/performance.md), and `$(BIN)/python scripts/bench_report.py
# benchmarks/results.json --into docs/performance.md` puts the whole table there.
AVX2_TARGET := NUMBA_CPU_NAME=x86-64 NUMBA_CPU_FEATURES=+sse2,+sse4.2,+avx,+avx2,+popcnt,+bmi,+bmi2,+lzcnt,+fma
PORTABLE_TARGET := NUMBA_CPU_NAME=generic
TARGET := $(if $(AVX2),$(AVX2_TARGET))$(if $(PORTABLE),$(PORTABLE_TARGET))
RESULTS := results$(if $(AVX2),-avx2)$(if $(PORTABLE),-portable)
bench: $(INSTALLED)
	mkdir -p build
	$(TARGET) $(BIN)/python -m pytest benchmarks --benchmark-only \
		--benchmark-columns=min,median,ops,rounds --benchmark-json=build/$(RESULTS).json $(BENCH)
	$(TARGET) $(BIN)/python scripts/bench_report.py build/$(RESULTS).json \
		--json benchmarks/$(RESULTS).json --md benchmarks/$(RESULTS).md
	cat benchmarks/$(RESULTS).md

# pokerlut against phevaluator, eval7, treys, holdem-hand-evaluator and pokerkit on the same
# random hands: speed, and a check that each orders them as pokerlut does (benchmarks/peers.json).
bench-peers: $(INSTALLED)
	$(INSTALL_PEERS)
	$(BIN)/python scripts/bench_peers.py

# Start-up: each row of the table a new process, cold (empty numba cache) and warm.
bench-startup: $(INSTALLED)
	$(BIN)/python scripts/bench_startup.py

# The GPU path (device="cuda", on one NVIDIA GPU, under three minutes): hands/s of
# evaluate_batch and the sections of pokerlut._gpu's modules, into benchmarks/results-gpu.json.
bench-gpu: $(INSTALLED)
	$(BIN)/python scripts/bench_gpu.py

tables: $(INSTALLED)
	$(BIN)/python scripts/build_tables.py

# The site, strictly: any warning (a broken link, a missing page or API name) fails the build.
# The docs extra is installed with the venv; a venv made before it gets it here.
docs: $(INSTALLED)
	$(BIN)/python -c "import mkdocs, material, mkdocstrings_handlers.python" 2>/dev/null \
		|| $(BIN)/python -m pip install --quiet -e ".[docs]"
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict --site-dir build/site

clean:
	rm -rf $(VENV) build dist .pytest_cache .benchmarks
