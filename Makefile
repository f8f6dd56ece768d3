# Two entry points: `make demo` (install, then import, audit and report on the
# bundled sample) and `make test` (install the dev extras, then every check).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEMO_DATA := .demo-data

.PHONY: demo test lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,spark]'
	touch $(VENV)/.runtime $@

# The sample holds a few payout errors on purpose: the audit finds them and exits 1,
# which is the demonstration, so only a usage error (exit 2) stops the demo.
demo: $(VENV)/.runtime
	rm -rf $(DEMO_DATA)
	$(BIN)/tracker import sample_histories --data $(DEMO_DATA)
	$(BIN)/tracker audit --data $(DEMO_DATA) || [ $$? -eq 1 ]
	$(BIN)/tracker report --data $(DEMO_DATA) --out $(DEMO_DATA)/report.html

test: $(VENV)/.dev
	$(BIN)/ruff check tracker parsers tests benchmarks
	$(BIN)/ruff format --check tracker parsers tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto --dist worksteal

clean:
	rm -rf $(VENV) $(DEMO_DATA)
