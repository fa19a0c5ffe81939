# Everything the project needs is installed by these targets; a machine may be new.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

PORT ?= 8000
# make run serves with DEBUG off, as at a real event; its secret key is made once and kept in var/.
PROD_ENV = COUNCIL_DEBUG=False COUNCIL_SECRET_KEY="$$(cat var/secret-key)"

.PHONY: install catalogues messages run lint test bench load screenshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP) catalogues

# The translations the app reads (locale/*/LC_MESSAGES/django.mo), compiled from the .po files in git.
catalogues: $(STAMP)
	@$(BIN)/pybabel -q compile --domain django --directory locale

# After changing a text: gather every translatable text into the catalogues (docs/i18n.md).
messages: $(STAMP)
	$(BIN)/python manage.py catalogues update

run: $(STAMP) catalogues
	@mkdir -p var
	@test -s var/secret-key || $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > var/secret-key
	@$(PROD_ENV) $(BIN)/python manage.py prepare_database -v0
	@$(PROD_ENV) $(BIN)/python manage.py collectstatic --no-input -v0
	@$(PROD_ENV) $(BIN)/python manage.py seed_demo --port $(PORT)
	$(PROD_ENV) PORT=$(PORT) $(BIN)/gunicorn -c python:council.gunicorn_conf council.asgi

# The browser tests drive Debian's Chromium; a new machine gets it here (as root).
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

# The production test starts a private PostgreSQL 15 (tests/throwaway_postgres.py); so does CI.
PG_CTL := /usr/lib/postgresql/15/bin/pg_ctl
$(PG_CTL):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null

# The checks a fresh clone must pass before the suite runs (docs/architecture.md, "Checks").
lint: $(STAMP)
	$(BIN)/ruff check --quiet .
	$(BIN)/ruff format --check --quiet .
	$(BIN)/mypy scoring events council

test: lint $(STAMP) catalogues $(CHROMIUM) $(PG_CTL)
	$(BIN)/python -m pytest

# The phone page, the projector and the printouts as PNG and PDF, to look at: screenshots/ (not in git).
screenshots: $(STAMP) catalogues $(CHROMIUM)
	COUNCIL_SCREENSHOTS=$(CURDIR)/screenshots $(BIN)/python -m pytest -q tests/browser/test_printouts.py
	@echo "Screenshots and PDFs are in screenshots/"

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	$(BIN)/python benchmarks/pairing.py
	$(BIN)/python benchmarks/decks.py
	$(BIN)/python benchmarks/standings.py
	$(BIN)/python benchmarks/pair_press.py
	$(BIN)/python benchmarks/large_pages.py
	$(BIN)/python benchmarks/publishing.py

# The production server under 100 phones and 50 staff, on a throwaway PostgreSQL (docs/performance.md).
load: $(STAMP) $(PG_CTL)
	$(BIN)/python benchmarks/load.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
