# Everything the project needs is installed by these targets; a machine may be new.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Until the web app lands (issue 4), run shows the rules engine on the demo archive.
run: $(STAMP)
	$(BIN)/python -m scoring info --policy version-3-1998 --players 24 --game-type two-deck
	$(BIN)/python -m scoring standings docs/archive-example.json
	$(BIN)/python -m scoring pair docs/archive-example.json --seed 1

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/pairing.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
