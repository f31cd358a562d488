# waterfall: the commands a person runs are the ones CI runs.
#
#   make run       build (release) and open the browser on Data/shops
#   make test      build and pass every test (unit and end-to-end in tmux)
#   make bench     print the performance table the README quotes (--json: make bench-json)
#   make release   build the release binary into .build/release/waterfall
#   make test-asan the unit and end-to-end tests under the address sanitizer (CI runs it)
#   make test-tsan the tests under the thread sanitizer (for code that uses threads)
#   make fuzz      every libFuzzer target in Fuzz/ for FUZZ_SECONDS each (see Fuzz/README.md)
#
# Anything the build or the tests need and the machine lacks is installed with apt.

SHELL := /bin/bash
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := tmux libncurses-dev pkg-config
DATA ?= Data/shops

.PHONY: run test test-asan test-tsan fuzz bench bench-json release deps data clean

deps:
	@missing=""; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	[ -f /usr/include/ncursesw/curses.h ] || missing="$$missing libncurses-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

release: deps
	$(SWIFT) build -c release --product waterfall

run: release
	.build/release/waterfall $(DATA)

# A hung test must fail the run in minutes, not eat CI's whole budget.
TEST_TIMEOUT ?= 1200

test: deps
	$(SWIFT) build --build-tests
	timeout --kill-after=10 $(TEST_TIMEOUT) $(SWIFT) test --skip-build

# The sanitizers build into their own scratch paths, so they never rebuild .build.
# Under ASan the end-to-end tests drive the ASan-built binary; LimitsTests (10 MB
# strings, a million items) are left out: minutes there, and `make fuzz` covers
# the same parsing. SWIFT_BACKTRACE=enable=no and the leak suppressions: see
# DECISIONS.md.
SANITIZER_SKIP ?= LimitsTests

test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan-suppressions.txt \
	  timeout --kill-after=10 $(TEST_TIMEOUT) \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --skip '$(SANITIZER_SKIP)'

test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	SWIFT_BACKTRACE=enable=no timeout --kill-after=10 $(TEST_TIMEOUT) \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --skip '$(SANITIZER_SKIP)'

FUZZ_SECONDS ?= 30

fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Scripts/fuzz.sh

bench: deps
	$(SWIFT) build -c release --product waterfall-bench
	$(SWIFT) build -c release --product waterfall
	.build/release/waterfall-bench

bench-json: deps
	$(SWIFT) build -c release --product waterfall-bench
	$(SWIFT) build -c release --product waterfall
	.build/release/waterfall-bench --json

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz

data:
	python3 Scripts/generate-data.py
