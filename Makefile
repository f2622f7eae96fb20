# The two commands of the README: `make run` and `make test`. Each builds .venv on first use.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
READY  := $(VENV)/.ready

.PHONY: run test explore bench clean

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(READY)

run: $(READY)
	$(VENV)/bin/companion run $(ARGS)

# three workers on a two-core machine: the browser tests and the fault suite spend about half their time
# waiting (for a page to settle, a process to die); files go out longest first (tests/conftest.py)
test: $(READY)
	$(VENV)/bin/ruff check --no-cache .
	$(VENV)/bin/mypy
	$(PY) -m pytest -n 3 --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

# every property test (each file using hypothesis: the game kit's contract test among them) with fresh
# random seeds and more examples; the test command is derandomized
PROPERTY_TESTS = $(shell grep -rlE --include='*.py' '@given|RuleBasedStateMachine' tests)
explore: $(READY)
	HYPOTHESIS_PROFILE=explore $(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder -q $(PROPERTY_TESTS) $(PYTEST_ARGS)

bench: $(READY)
	$(PY) benchmarks/run.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
