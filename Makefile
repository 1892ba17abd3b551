# Tapis: `make run` serves, `make test` tests. Both set up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: install run test test-unit test-integration lint openapi bench clean fuzz soak

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[embedded,dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@if [ -n "$$DATABASE_URL" ]; then $(BIN)/tapis migrate; fi
	$(BIN)/tapis serve --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

test-unit: $(STAMP)
	$(BIN)/python -m pytest -q tests/unit $(PYTEST_ARGS)

test-integration: $(STAMP)
	$(BIN)/python -m pytest -q tests/integration tests/e2e $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

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
