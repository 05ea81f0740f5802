# The two commands of the README. Everything installs into .venv from this project's own files.
VENV ?= .venv
PYTHON ?= python3
BIN = $(VENV)/bin
# pytest-xdist workers: one per CPU; the browser tests share one worker (tests/conftest.py)
WORKERS ?= auto

.PHONY: run test install install-dev lint

run: install
	$(BIN)/wartable serve --host 127.0.0.1 --port 8000

test: install-dev lint
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup

lint:
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -e .

# the tests cover the optional extras too (workbench, Ray, research environments)
install-dev: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,workbench,ray,research]'
