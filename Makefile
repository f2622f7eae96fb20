# The two commands of the README: `make run` and `make test`. Each builds .venv on first use.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
READY  := $(VENV)/.ready

.PHONY: run test bench clean

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(READY)

run: $(READY)
	$(VENV)/bin/companion run $(ARGS)

test: $(READY)
	$(VENV)/bin/ruff check --no-cache .
	$(VENV)/bin/mypy
	$(PY) -m pytest -n 2 --dist loadfile $(PYTEST_ARGS)

bench: $(READY)
	$(PY) benchmarks/run.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
