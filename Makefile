# Traveller: the two commands are `make run` and `make test`; everything else is a convenience.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000
# DEMO=0: your own club, on its own empty database (var/club.sqlite3; the demo's var/traveller.sqlite3 is left
# alone), set up at the first-run page /welcome/ with the setup token printed below. DATABASE_URL, when set, wins.
DEMO ?= 1
ifeq ($(DEMO),0)
export DATABASE_URL ?= sqlite:///$(CURDIR)/var/club.sqlite3
endif

.PHONY: run test worker beat lint format bench install migrate demo clean

# (Re)install only when pyproject.toml changes, so a second `make run` starts in seconds. --no-compile: modules are
# compiled as they are first imported, not all of them at install.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

migrate: $(STAMP)
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py demo

run: $(if $(filter 0,$(DEMO)),migrate,demo)
	$(BIN)/python manage.py collectstatic --noinput -v0
	@echo "Traveller is at http://$(HOST):$(PORT)/"
	@echo "Directors sign in at http://$(HOST):$(PORT)/login/$(if $(filter 0,$(DEMO)),, (the demo club's: user director, password traveller-demo))"
	@$(BIN)/python manage.py setuptoken -v0 --base http://$(HOST):$(PORT)/
	HTTPS=$${HTTPS:-false} $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

worker: $(STAMP)
	$(BIN)/celery -A config worker --loglevel=INFO

beat: $(STAMP)
	$(BIN)/celery -A config beat --loglevel=INFO

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	@for script in bench/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) var/static .pytest_cache .ruff_cache
