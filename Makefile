# Two commands set everything up on a fresh machine: `make run` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip

.PHONY: run test lint train-deps clean

$(VENV)/.installed-core: pyproject.toml
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e '.[test,train]'
	touch $(VENV)/.installed-core $@

run: $(VENV)/.installed-core
	$(VENV)/bin/phase10 serve

test: $(VENV)/.installed-test
	$(VENV)/bin/python -m pytest

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check scorer web tests tools

train-deps:
	$(PIP) install --quiet -e '.[train]'

clean:
	rm -rf $(VENV)
