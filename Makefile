# umbral: two commands on a fresh Debian 12 machine.
#   make render   installs everything, then renders the default lecture into out/ (and the
#                 lessons on choosing θ honestly and on calibration, and the lab, on screening8)
#   make test     installs everything, then runs the test suite (every row of the every-beat matrix;
#                 the six-class play-throughs sampled)
#   make test-all the same with every six-class play-through too (tests/sampling.py)
# Idempotent: a second run only does what is missing.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.umbral-installed
REVEAL_VERSION := 5.2.1
REVEAL := $(VENV)/reveal.js/dist/reveal.js
# cairo/pango headers for pycairo and manimpango (no Linux wheels); Inter is the pinned font;
# chromium opens the gallery in the tests.
APT_PACKAGES := build-essential pkg-config python3-dev python3-venv libcairo2-dev libpango1.0-dev fonts-inter chromium

.PHONY: render test test-all system setup lint bench clean

render: setup
	$(BIN)/umbral
	$(BIN)/umbral render ModelsCompared HonestThreshold Calibration --data screening8
	$(BIN)/umbral lab --data screening8

# The suite runs on every core (pytest-xdist; tests that take long are handed out first-come).
TEST_JOBS ?= auto

test: setup $(REVEAL)
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist worksteal

test-all: setup $(REVEAL)
	UMBRAL_EVERY_COMBINATION=1 $(BIN)/python -m pytest -n $(TEST_JOBS) --dist worksteal

# reveal.js for the test that plays the lab inside a deck (npm's registry; the tests skip without it).
$(REVEAL):
	@if command -v npm >/dev/null; then \
	  tmp=$$(mktemp -d) && (cd $$tmp && npm pack -s reveal.js@$(REVEAL_VERSION) && tar xzf reveal.js-$(REVEAL_VERSION).tgz) \
	  && rm -rf $(VENV)/reveal.js && mv $$tmp/package $(VENV)/reveal.js && rm -rf $$tmp \
	  || echo "note: could not fetch reveal.js, the lab-in-a-deck test will be skipped"; \
	else echo "note: npm not found, the lab-in-a-deck test will be skipped"; fi

setup: system $(STAMP)

system:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	  else \
	    echo "umbral needs these Debian packages. Run this, then run make again:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test,dask]"
	touch $(STAMP)

lint: setup
	$(BIN)/ruff check .

bench: setup
	$(BIN)/python benchmarks/metrics.py
	$(BIN)/python benchmarks/choice.py
	$(BIN)/python benchmarks/batch.py

clean:
	rm -rf $(VENV) out *.egg-info
