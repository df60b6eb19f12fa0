# CareFeed: `make run` to try it, `make test` to test it. Both install the
# Debian libraries they need when pkg-config cannot find them.

SWIFT ?= swift
CONFIGURATION ?= release
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
CAREFEED = .build/$(CONFIGURATION)/carefeed

# pkg-config name → Debian package.
LIBRARIES := sqlite3:libsqlite3-dev libcmark:libcmark-dev yaml-0.1:libyaml-dev \
             libmicrohttpd:libmicrohttpd-dev libcrypto:libssl-dev icu-i18n:libicu-dev libqrencode:libqrencode-dev \
             pangocairo:libpango1.0-dev cairo:libcairo2-dev

.PHONY: run test browser-test reliability fuzz screenshots bench deps browser-deps build check clean

DEMO_STORE = .carefeed/demo.sqlite

# Demo data is made afresh each run, in its own store; the participant
# preview serves a new participant, "preview", who starts at onboarding.
run: build
	$(CAREFEED) check
	rm -f $(DEMO_STORE) $(DEMO_STORE)-wal $(DEMO_STORE)-shm
	$(CAREFEED) demo --store $(DEMO_STORE)
	$(CAREFEED) build --store $(DEMO_STORE)
	@echo "Clinician site: file://$(CURDIR)/Site/index.html"
	$(CAREFEED) serve --store $(DEMO_STORE)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(MAKE) browser-test

BROWSER_VENV = .build/browser-venv

# Headless Chromium through Selenium: journeys, the Nu HTML Checker, axe-core;
# the short reliability checks (crashes, bad input, slow clients, load); then
# the FHIR Bundles of `export --format fhir` and `/my-data`, validated by fhir.resources;
# the Frictionless Data Package of `export --format datapackage`, validated by frictionless, and read
# by its own load.py (pandas) and load.R (R from Debian).
browser-test: browser-deps
	$(SWIFT) build --product carefeed
	CAREFEED=.build/debug/carefeed $(BROWSER_VENV)/bin/pytest -q Tests/Browser Tests/Reliability Tests/FHIR Tests/DataPackage

# libFuzzer on content loading, form decoding, routing and signature data,
# FUZZ_SECONDS each (default 60).
fuzz: deps
	sh Tools/fuzz.sh

# The full reliability runs, fuzzing included; writes RELIABILITY.md. Not part of make test.
reliability: build browser-deps
	CAREFEED=$(CAREFEED) $(BROWSER_VENV)/bin/python Tools/reliability.py

# The README's pictures, taken by the browser tests.
screenshots: browser-deps
	$(SWIFT) build --product carefeed
	CAREFEED=.build/debug/carefeed $(BROWSER_VENV)/bin/pytest -q Tests/Browser -k journey
	mkdir -p docs
	cp .build/screenshots/feed-phone.png .build/screenshots/insights-desktop.png docs/

browser-deps: deps
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null || missing="$$missing chromium-driver"; \
	command -v java >/dev/null || missing="$$missing default-jre-headless"; \
	command -v openssl >/dev/null || missing="$$missing openssl"; \
	command -v caddy >/dev/null || missing="$$missing caddy"; \
	command -v zbarimg >/dev/null || missing="$$missing zbar-tools"; \
	command -v Rscript >/dev/null || missing="$$missing r-base-core"; \
	python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
	@[ -x $(BROWSER_VENV)/bin/pytest ] || python3 -m venv $(BROWSER_VENV)
	@$(BROWSER_VENV)/bin/pip install -q -r Tests/Browser/requirements.txt

# Figures, not a pass or fail: CareFeed beside Hugo, nginx and the cmark
# floor, the study site and its scaling; writes BENCHMARKS.md.
bench: build
	@missing=""; \
	for tool in hugo:hugo nginx:nginx-light wrk:wrk cmark:cmark python3:python3; do \
		command -v $${tool%%:*} >/dev/null || missing="$$missing $${tool#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
	CAREFEED=$(CAREFEED) python3 Tools/bench.py

# The Swift runtime and Foundation linked in: no shared libraries to load,
# so each command starts sooner.
build: deps
	$(SWIFT) build -c $(CONFIGURATION) --product carefeed --static-swift-stdlib

check: build
	$(CAREFEED) check

# Installs only what is missing, so a machine that has everything needs no network.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null || missing="pkg-config"; \
	[ -d /usr/share/zoneinfo/America ] || missing="$$missing tzdata"; \
	[ -f /usr/share/javascript/three/three.min.js ] || missing="$$missing libjs-three"; \
	[ -d /usr/share/fonts/truetype/noto ] || missing="$$missing fonts-noto-core"; \
	[ -d /usr/share/fonts/opentype/noto ] || missing="$$missing fonts-noto-cjk"; \
	command -v pdftotext >/dev/null || missing="$$missing poppler-utils"; \
	for pair in $(LIBRARIES); do \
		module=$${pair%%:*}; package=$${pair#*:}; \
		command -v pkg-config >/dev/null && pkg-config --exists $$module || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi

clean:
	rm -rf .build
