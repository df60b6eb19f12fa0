# CareFeed: `make run` to try it, `make test` to test it. Both install the
# Debian libraries they need when pkg-config cannot find them.

SWIFT ?= swift
CONFIGURATION ?= release
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
CAREFEED = .build/$(CONFIGURATION)/carefeed

# pkg-config name → Debian package.
LIBRARIES := sqlite3:libsqlite3-dev libcmark:libcmark-dev yaml-0.1:libyaml-dev \
             libmicrohttpd:libmicrohttpd-dev libcrypto:libssl-dev

.PHONY: run test deps build check clean

run: build
	$(CAREFEED) check
	$(CAREFEED) schedule --from $$(date +%F) --to $$(date -d '+6 days' +%F)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

build: deps
	$(SWIFT) build -c $(CONFIGURATION) --product carefeed

check: build
	$(CAREFEED) check

# Installs only what is missing, so a machine that has everything needs no network.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null || missing="pkg-config"; \
	[ -d /usr/share/zoneinfo/America ] || missing="$$missing tzdata"; \
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
