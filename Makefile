# The two commands of the README's quick start: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install install-dev lint benchmark clean

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

lint: install-dev
	$(BIN)/ruff check .

test: install-dev lint
	$(BIN)/pytest

benchmark: install-dev
	$(BIN)/python benchmarks/scoring_speed.py
	$(BIN)/python benchmarks/save_latency.py
	$(BIN)/python benchmarks/results_pages.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
