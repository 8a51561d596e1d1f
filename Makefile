# The two commands a newcomer runs: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test bench lint clean browser

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

test: $(STAMP) browser
	$(BIN)/python -m pytest -n 2 -q

# The web player's tests drive a real headless Chromium (Debian's chromium + chromium-driver).
# Installed here when missing and running as root; quick when already present.
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

bench: $(STAMP)
	$(BIN)/python -m tests.benchmarks

lint: $(STAMP)
	$(BIN)/ruff check conundrum renderers tests

clean:
	rm -rf $(VENV) out .pytest_cache .hypothesis

# The example puzzle and the sheet images the README shows, made by the program itself
# (tests/test_docs_images.py fails when the committed ones are out of date).
.PHONY: docs
docs: $(STAMP)
	$(BIN)/python docs/make_images.py
