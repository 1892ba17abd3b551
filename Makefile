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
# The suite starts hundreds of Python processes (its workers, a `tapis serve` per server fixture, the CLI tests):
# each loads its modules from bytecode kept in .venv/pycache, outside the tree, even where the shell sets
# PYTHONDONTWRITEBYTECODE (this machine does); compiling every module again in each cost a worker's collection 10.7
# s against 4.0 and a server's start 1.4 s against 1.0
PYCACHE = env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache
PYTEST = $(PYCACHE) $(BIN)/python -m pytest -q $(1) $(PYTEST_ARGS) || test $$? -eq 5

.PHONY: bench-scale screenshots install run test test-durations test-slow test-slow-servers test-statistics test-unit test-integration lint openapi bench clean fuzz soak test-scale

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
# smart-vs-random games, which `make test` replaces with 100 games each; the 200-game expert-vs-smart runs; the
# HTTP games at middle player counts; the schemathesis run, also `make fuzz`) and the Citus suite (`make
# test-citus`: it needs Citus built into Debian's PostgreSQL 15, ../shared/citus/build.sh). The browser, nginx and
# short Redis Cluster tests run where Chromium, nginx and redis-server are installed and skip, saying so, elsewhere.
# In TEST_WORKERS processes (pytest-xdist), each with embedded servers of its own, a module at a time (its
# module-scoped servers start once), the costliest first by tests/durations.json, the browser modules beside the
# rest and last on the workers that take them (tests/scheduling.py). `make test-durations` measures the modules
# again. TEST_WORKERS=0 runs them in this process alone.
TEST_WORKERS ?= 3
test: $(STAMP)
	$(call PYTEST,-m "not slow and not citus" -n $(TEST_WORKERS) --dist loadscope)

# each module's seconds into tests/durations.json, which orders make test's modules (commit it when it moved)
test-durations: $(STAMP)
	$(call PYTEST,-m "not slow and not citus" -n $(TEST_WORKERS) --dist loadscope --record-durations)

# the long runs alone
test-slow: $(STAMP)
	$(call PYTEST,-m slow)

# the long runs in two parts, which CI runs apart: the servers' (the Redis Cluster and Citus games, failover, the
# HTTP games at middle player counts, the fuzz run), and the statistics of hundreds of seeded bot games (pure CPU:
# 1,000 random games per game and player count, 400 smart-vs-random, 200 expert-vs-smart), which took 35 of
# test-slow's 45 minutes on a slow hour of the VM (see .ci/run); the restore drill has its own target (test-backup)
# (the servers' long runs hold tests/e2e/test_rolling_restart.py too: SIGHUP rolling restarts under play)
test-slow-servers: $(STAMP)
	$(call PYTEST,-m "slow and not statistics and not backup")

test-statistics: $(STAMP)
	$(call PYTEST,-m statistics)

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

# the web client (web/: TypeScript) built into api/web/static/, which is committed: `make run` needs no Node.
# CI runs `cd web && npm ci && npm run check`, which fails when the committed files are not what the sources build
.PHONY: web
web:
	cd web && npm ci && npm run build

# the shipped clients (clients/python, clients/typescript; docs/clients.md), generated from openapi.yaml: `make clients`
# regenerates both (after `make openapi`); `make clients-check`, in CI, fails when either is not what openapi.yaml gives
.PHONY: clients clients-check
clients: $(STAMP)
	$(BIN)/python -m tools.python_client
	cd clients/typescript && npm ci --no-audit --no-fund --silent && npm run build

clients-check: $(STAMP)
	$(BIN)/python -m tools.python_client --check
	cd clients/typescript && npm ci --no-audit --no-fund --silent && npm run check

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[embedded,dev,bench]'
	$(BIN)/python -m bench

# a large store measured (bench/store_scale.py, docs/capacity.md): 10,000,000 events in 100,000 finished games and 1,000
# in play, filled in bulk, then the HTTP figures on it and on an empty store in one run, the rebuild, the archive and
# the bytes. Not part of `make bench`: bounded by MINUTES (90) and refuses to start without the disk it needs;
# EVENTS=200000 for a small run
bench-scale: $(STAMP)
	$(BIN)/python -m bench.store_scale --events $(or $(EVENTS),10000000) --max-minutes $(or $(MINUTES),90)

# the schemathesis CLI over openapi.yaml, every check, against a `tapis serve` of its own (tests/e2e/test_fuzz.py)
fuzz: $(STAMP)
	TAPIS_FUZZ_EXAMPLES=$(or $(EXAMPLES),100) $(BIN)/python -m pytest -q tests/e2e/test_fuzz.py $(PYTEST_ARGS)

# 200 concurrent games over HTTP on loopback, bounded (see docs/reliability.md); not part of `make test`
soak: $(STAMP)
	$(BIN)/python -m tools.soak --games $(or $(GAMES),200) --minutes $(or $(MINUTES),20)

clean:
	rm -rf $(VENV) .tapis .pytest_cache .mypy_cache .ruff_cache

# three `tapis serve` processes behind nginx, one killed mid-game (tests/scale/, docs/deploy.md); skips without nginx
test-scale: $(STAMP)
	$(call PYTEST,-m scale tests/scale)

# Tapis on local Redis Clusters (tests/cluster/: the contract suite's cluster half, every HTTP game of the e2e suite,
# the key layout, the limits, a master SIGKILLed under load and failed over); `make test` runs the short part of it
.PHONY: test-cluster
test-cluster: $(STAMP)
	$(call PYTEST,-m redis_cluster tests/cluster tests/contract)

# Tapis on a local Citus cluster (tests/citus/: a coordinator and two workers of Debian's PostgreSQL 15 with Citus,
# built by ../shared/citus/build.sh; the contract suite's Citus half, the e2e games, a late commit on a distributed
# table, a worker stopped under a server). Skips, saying why, where the binaries are missing; CI runs it after
# `make test`, which leaves it out
.PHONY: test-citus
test-citus: $(STAMP)
	$(call PYTEST,-m "citus and not slow" tests/citus tests/contract)

# the pgBackRest restore drill (tests/backup/, docs/backup-restore.md): a Postgres 15 of its own archiving to a
# repository of its own, games played, the data directory destroyed, restored to the end of the archive and to a point
# in time; prints the RPO and RTO it measured. Skips, saying why, without pgbackrest or Debian's PostgreSQL 15. And
# the Citus drill (about 90 s): a coordinator and two workers archiving to a stanza each, restored to a named restore
# point taken on all of them; prints its RTO (skips, saying why, without Citus: ../shared/citus/build.sh)
.PHONY: test-backup
test-backup: $(STAMP)
	$(call PYTEST,-m backup tests/backup)

# the README's screenshots (docs/img/), taken by the browser tests; `make test` keeps its pictures among the
# gitignored artifacts and leaves the committed ones as they are
screenshots: $(STAMP)
	TAPIS_DOCS_IMG=$(CURDIR)/docs/img $(call PYTEST,tests/browser)
