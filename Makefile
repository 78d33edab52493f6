# The two commands of the README's quick start: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install install-dev lint benchmark load clean axe

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	@# The background worker (double-dummy analysis of hand records) runs beside the web
	@# server and stops with it.
	$(BIN)/python manage.py qcluster & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# axe-core, the accessibility checker tests/browser/test_accessibility.py injects into its pages
# (npm's package; the JavaScript is only read by the tests, never served).
AXE_CORE := 4.10.3
AXE := .node/node_modules/axe-core/axe.min.js

$(AXE): Makefile
	npm install --prefix .node --no-save --no-package-lock --no-audit --no-fund axe-core@$(AXE_CORE)
	touch $@

axe: $(AXE)

lint: install-dev
	$(BIN)/ruff check .

test: install-dev lint
	$(BIN)/pytest

benchmark: install-dev
	$(BIN)/python benchmarks/scoring_speed.py
	$(BIN)/python benchmarks/save_latency.py
	$(BIN)/python benchmarks/results_pages.py

$(VENV)/.installed-load: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[load]"
	touch $@

# A club night under load: gunicorn and PostgreSQL on 127.0.0.1 (see benchmarks/load/run.py;
# LOAD_ARGS="--scenario knee" and the like for the other runs).
load: $(VENV)/.installed-load
	$(BIN)/python benchmarks/load/run.py --scenario club-night $(LOAD_ARGS)

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .node
