# The two commands a newcomer runs: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test bench lint clean browser npm postgresql zbar

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	@mkdir -p out
	$(BIN)/conundrum generate --tiles 14 --given 2 --positions 3,5 --seed 7 -o out/demo.yaml
	$(BIN)/conundrum solve out/demo.yaml
	$(BIN)/conundrum render out/demo.yaml --answers -o out/demo.pdf
	$(BIN)/conundrum render out/demo.yaml --answers -o out/demo.png
	$(BIN)/conundrum render out/demo.yaml --answers -o out/demo.svg
	@echo "Wrote out/demo.yaml, out/demo.pdf, out/demo.png, out/demo.svg and their -answers pages"

# The program's own modules are compiled first: an editable install leaves them without
# bytecode, and where none is written (PYTHONDONTWRITEBYTECODE, as on CI's machine) every
# `conundrum` the tests start compiled them again (0.04 CPU s a start for --help, 0.12 s for
# render; the fast set starts about 150).
COMPILE := -m compileall -q conundrum renderers

test: $(STAMP) browser postgresql zbar
	$(BIN)/python $(COMPILE)
	$(BIN)/python -m pytest -n 2 -q

# The web player's tests drive a real headless Chromium (Debian's chromium + chromium-driver).
# Installed here when missing and running as root; quick when already present. npm too:
# tests/test_web_a11y.py fetches axe-core from the npm registry (`npm pack`).
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing chromium and chromium-driver for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; \
	else \
		echo "The browser tests need chromium and chromedriver on PATH; as root run:"; \
		echo "  apt-get update && apt-get install -y chromium chromium-driver"; \
		echo "(outside CI those tests are skipped until then; with CI=true they fail)"; \
	fi
	@# the accessibility test fetches axe-core with npm (`npm pack`, cached in .cache/)
	@$(MAKE) --no-print-directory npm

# npm (Debian's package, which brings node): the accessibility test fetches axe-core with
# it, `make lint` installs ESLint with it. Installed here when missing and running as root.
npm:
	@if command -v npm >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing npm for axe-core and ESLint"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm; \
	else \
		echo "The accessibility test and make lint need npm on PATH; as root run: apt-get install -y npm"; \
	fi

# The cover's barcode test decodes a 300 dpi render with zbar's `zbarimg` (Debian's
# zbar-tools) and renders with pdftoppm (poppler-utils): installed here when missing
# and running as root, else explained (that test is skipped outside CI, fails in it).
zbar:
	@if command -v zbarimg >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing zbar-tools and poppler-utils for the cover's barcode test"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zbar-tools poppler-utils >/dev/null; \
	else \
		echo "The barcode test needs zbarimg and pdftoppm on PATH; as root run:"; \
		echo "  apt-get update && apt-get install -y zbar-tools poppler-utils"; \
	fi

# compiled first as for the tests: without bytecode bench_startup would time compiling
bench: $(STAMP) postgresql
	$(BIN)/python $(COMPILE)
	$(BIN)/python -m tests.benchmarks

# The catalogue tests start their own throwaway PostgreSQL server (tests/support/pg.py) from
# Debian's postgresql package: installed here when missing (as root), else explained.
postgresql:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then \
	  :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's postgresql for the catalogue tests (about a minute)"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; \
	else \
	  echo "PostgreSQL is not installed, so its catalogue tests are skipped here (and fail in CI)."; \
	  echo "To run them: sudo apt-get install -y postgresql  (the tests start their own server;"; \
	  echo "no service or database needs setting up)"; \
	fi

# The JavaScript (the web player's and the rules' modules, the studio's page) is linted by
# ESLint (eslint.config.mjs), installed from the npm registry into .cache/eslint/ (git-ignored)
# at the versions below, once; a version changed here installs afresh.
ESLINT := 9.39.5
GLOBALS := 15.15.0
ESLINT_DIR := .cache/eslint
ESLINT_STAMP := $(ESLINT_DIR)/.installed-$(ESLINT)-$(GLOBALS)

$(ESLINT_STAMP):
	@$(MAKE) --no-print-directory npm
	rm -rf $(ESLINT_DIR)
	npm install --prefix $(ESLINT_DIR) --no-audit --no-fund --silent \
		eslint@$(ESLINT) @eslint/js@$(ESLINT) globals@$(GLOBALS)
	touch $@

lint: $(STAMP) $(ESLINT_STAMP)
	$(BIN)/ruff check conundrum renderers tests
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(ESLINT_DIR)/node_modules/.bin/eslint --max-warnings 0 .

clean:
	rm -rf $(VENV) out site .pytest_cache .hypothesis $(ESLINT_DIR)

# The documentation site, from docs/ (mkdocs.yml): strict, so a broken link, a missing
# anchor or a page left out of the navigation fails. Written to site/ (git-ignored);
# open site/index.html. The CLI reference is made from the program as it builds.
.PHONY: docs docs-images
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The example puzzle, the sheet images and the web player's and the studio's screenshots the
# README and the docs show, made by the program itself (the screenshots in headless Chromium:
# `make browser`); tests/test_docs_images.py fails when the committed ones are out of date.
docs-images: $(STAMP) browser
	$(BIN)/python docs/make_images.py

# The fast tests against the LOWEST versions pyproject.toml allows (uv's lowest-direct
# resolution, in a venv of its own). About 3 minutes on 2 cores; CI runs it, so the
# floors stay honest. Byte-pinned images are left out (other Pillow and fpdf2 versions
# draw other pixels).
MIN := .venv-min
.PHONY: test-min
test-min:
	rm -rf $(MIN)
	$(PYTHON) -m venv $(MIN)
	$(MIN)/bin/pip install --quiet uv
	$(MIN)/bin/uv pip install --quiet --compile-bytecode -p $(MIN)/bin/python --resolution lowest-direct \
		-e '.[dev]'
	$(MIN)/bin/python $(COMPILE)
	$(MIN)/bin/python -m pytest -n 2 -q -m "not slow" -p no:cacheprovider \
		--ignore=tests/test_docs_images.py

# The fast tests on another Python (default 3.13; `make test-py PY=3.12`), in a venv of its
# own: the suite runs on the machine's python3 (3.11, the oldest allowed) and here on the
# newest. uv cannot fetch an interpreter here (it downloads its builds from outside the
# package registries, which this network does not reach) and Debian 12 ships only 3.11, so
# the interpreter is one already on the machine: python$(PY) on PATH, else pyenv's (this
# machine kind's image has 3.10-3.13 under $(PYENV_ROOT)/versions). Without one it says so and stops: exit 1 when
# CI=true (CI_PY=skip lets a machine without it pass, saying so), else exit 0.
PY ?= 3.13
PYENV_ROOT ?= $(HOME)/.pyenv
PYVENV := .venv-py$(subst .,,$(PY))
.PHONY: test-py
test-py:
	@interp=$$(command -v python$(PY) 2>/dev/null | grep -v /shims/ || \
	  ls -d $(PYENV_ROOT)/versions/$(PY).*/bin/python$(PY) 2>/dev/null | sort -V | tail -1); \
	if [ -z "$$interp" ] || ! "$$interp" -c pass 2>/dev/null; then \
	  echo "test-py: no Python $(PY) on this machine (not on PATH, not in $(PYENV_ROOT)/versions;"; \
	  echo "  uv cannot download one here, and Debian 12 has only 3.11): not run"; \
	  if [ "$$CI" = true ] && [ "$(CI_PY)" != skip ]; then exit 1; fi; exit 0; \
	fi; \
	set -e; echo "test-py: $$("$$interp" --version) at $$interp"; \
	rm -rf $(PYVENV); "$$interp" -m venv $(PYVENV); \
	$(PYVENV)/bin/pip install --quiet uv; \
	$(PYVENV)/bin/uv pip install --quiet --compile-bytecode -p $(PYVENV)/bin/python -e '.[dev]'; \
	$(PYVENV)/bin/python $(COMPILE); \
	$(PYVENV)/bin/python -m pytest -n 2 -q -m "not slow" -p no:cacheprovider \
		--ignore=tests/test_docs_images.py

# The sdist and wheel build, and their metadata passes `twine check` (part of CI).
.PHONY: dist-check
dist-check: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist . >/dev/null
	$(BIN)/twine check --strict dist/*

# Rewrite tests/golden/ (the generator's exact output for a few seeds per method) after a
# deliberate change of output; review the diff before committing it.
.PHONY: golden
golden: $(STAMP)
	$(BIN)/python -m pytest -q tests/test_golden.py --update-golden
