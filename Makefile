# The two commands of the README's quick start: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# Players' results mails (events/mail/) printed in this terminal; set EMAIL_BACKEND=
# django.core.mail.backends.smtp.EmailBackend (and EMAIL_HOST, EMAIL_PORT) to send them.
EMAIL_BACKEND ?= django.core.mail.backends.console.EmailBackend

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

# HOST=0.0.0.0 serves the club's network (DEBUG off, gunicorn: events/management/commands/
# serve.py); the demo, with its well-known director/director login, is for this computer only.
run: export EMAIL_BACKEND := $(EMAIL_BACKEND)
run: install
	$(BIN)/python manage.py migrate --noinput
	@case "$(HOST)" in 127.0.0.1|localhost|::1) $(BIN)/python manage.py load_demo ;; \
	  *) echo "On the club's network the demo (director/director) is not loaded." ;; esac
	@# The web server and the background worker (double-dummy analysis of hand records),
	@# stopped together however make is stopped (Ctrl-C, a TERM to its process group).
	$(BIN)/python manage.py serve $(HOST):$(PORT)

# axe-core, the accessibility checker tests/browser/test_accessibility.py injects into its pages
# (npm's package; the JavaScript is only read by the tests, never served).
AXE_CORE := 4.10.3
AXE := .node/node_modules/axe-core/axe.min.js

$(AXE): Makefile
	npm install --prefix .node --no-save --no-package-lock --no-audit --no-fund axe-core@$(AXE_CORE)
	touch $@

axe: $(AXE)

# mypy checks what pyproject.toml's [tool.mypy] names: scoring/, the pure library, the
# results files' readers and writers, result entry, the tables' phones and the services under
# them (docs/development.md lists them).
lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/mypy

# One test worker per core (pytest-xdist; WORKERS=0 runs them in this process, one by one).
# Tests that must not overlap share an xdist_group, which --dist loadgroup keeps on one worker.
WORKERS ?= auto

test: install-dev lint
	$(BIN)/pytest -n $(WORKERS) --dist loadgroup

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
