# waterfall: the commands a person runs are the ones CI runs.
#
#   make run       build (release) and open the browser on Data/shops
#   make test      build and pass every test (unit and end-to-end in tmux)
#   make bench     print the performance table the README quotes (--json: make bench-json;
#                  the scale part alone: make bench-scale; the symbols': make bench-symbols;
#                  standard input's: make bench-stdin; memory an item at 1M and 10M: make bench-memory)
#   make release   build the release binary into .build/release/waterfall
#   make install   put waterfall in $(PREFIX)/bin (PREFIX=/usr/local by default)
#   make screenshots  the README's pictures: the real program in xterm under Xvfb
#   make docs      the DocC documentation of WaterfallLayout and WaterfallView
#                  (.build/plugins/Swift-DocC/outputs/*.doccarchive)
#   make test-asan the unit and end-to-end tests under the address sanitizer (CI runs it)
#   make test-tsan the tests under the thread sanitizer (for code that uses threads)
#   make fuzz      every libFuzzer target in Fuzz/ for FUZZ_SECONDS each (see Fuzz/README.md)
#   make soak      SOAK_SECONDS (600) of random keys, resizes and server restarts on files, the
#                  HTTP test server and PostgreSQL, under ASan; not in CI (Scripts/soak.sh)
#
# Anything the build or the tests need and the machine lacks is installed with apt.

SHELL := /bin/bash
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := tmux libncurses-dev libpng-dev libjpeg-dev libgif-dev libwebp-dev libsqlite3-dev iso-codes pkg-config libcurl4-openssl-dev libpq-dev libexif-dev postgresql
DATA ?= Data/shops

.PHONY: soak install screenshots screenshot-deps run test test-deps docs test-asan test-tsan fuzz bench bench-json bench-scale bench-deps bench-pictures bench-symbols bench-stdin bench-memory release deps data picture-tools clean

deps:
	@missing=""; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	[ -f /usr/include/ncursesw/curses.h ] || missing="$$missing libncurses-dev"; \
	[ -f /usr/include/png.h ] || missing="$$missing libpng-dev"; \
	[ -f /usr/include/jpeglib.h ] || missing="$$missing libjpeg-dev"; \
	[ -f /usr/include/gif_lib.h ] || missing="$$missing libgif-dev"; \
	[ -f /usr/include/webp/decode.h ] || missing="$$missing libwebp-dev"; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	[ -f /usr/share/iso-codes/json/iso_3166-1.json ] || missing="$$missing iso-codes"; \
	[ -f /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -f /usr/include/curl/curl.h ] || missing="$$missing libcurl4-openssl-dev"; \
	[ -f /usr/include/postgresql/libpq-fe.h ] || missing="$$missing libpq-dev"; \
	[ -f /usr/include/libexif/exif-data.h ] || missing="$$missing libexif-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# Real data nobody here wrote, for the end-to-end tests: a folder of folders of icons.
# The tests start their own PostgreSQL cluster (initdb and pg_ctl from Debian's server).
test-deps: deps
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "make: installing postgresql (the tests start a throwaway cluster)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql; }
	@[ -d /usr/share/icons/Adwaita/16x16/actions ] || { \
	  echo "make: installing adwaita-icon-theme (its icons are test data)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq adwaita-icon-theme; }

release: deps
	$(SWIFT) build -c release --product waterfall

PREFIX ?= /usr/local

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/waterfall "$(DESTDIR)$(PREFIX)/bin/waterfall"
	@echo "make: installed $(DESTDIR)$(PREFIX)/bin/waterfall"

# The screenshots need a terminal emulator, a virtual display, ImageMagick and a
# font; the test that runs Scripts/screenshots.sh needs them too.
screenshot-deps:
	@missing=""; \
	command -v xterm >/dev/null 2>&1 || missing="$$missing xterm"; \
	command -v xvfb-run >/dev/null 2>&1 || missing="$$missing xvfb xauth"; \
	command -v import >/dev/null 2>&1 || missing="$$missing imagemagick"; \
	command -v xdotool >/dev/null 2>&1 || missing="$$missing xdotool"; \
	command -v kitty >/dev/null 2>&1 || missing="$$missing kitty"; \
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing="$$missing fonts-dejavu-core"; \
	fc-list :lang=zh 2>/dev/null | grep -q . || missing="$$missing fonts-droid-fallback"; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

screenshots: release screenshot-deps
	Scripts/screenshots.sh docs/screenshots

run: release
	.build/release/waterfall $(DATA)

# A hung test must fail the run in minutes, not eat CI's whole budget.
TEST_TIMEOUT ?= 1200

test: test-deps screenshot-deps
	$(SWIFT) build --build-tests
	timeout --kill-after=10 $(TEST_TIMEOUT) $(SWIFT) test --skip-build

# The library's documentation (DocC catalogues in Sources/*/*.docc), built
# offline by swift-docc-plugin; warnings (a broken ``link``) fail the build.
DOC_TARGETS := WaterfallLayout WaterfallView

docs: deps
	$(SWIFT) package generate-documentation --warnings-as-errors $(addprefix --target ,$(DOC_TARGETS))

# The sanitizers build into their own scratch paths, so they never rebuild .build.
# Under ASan the end-to-end tests drive the ASan-built binary; LimitsTests (10 MB
# strings, a million items) are left out: minutes there, and `make fuzz` covers
# the same parsing. The memory bounds (MemoryLimitEndToEndTests,
# PasteMemoryEndToEndTests) are the release program's: ASan's shadow memory and
# its quarantine of freed blocks are counted in the resident set. HeapTrimTests checks glibc's
# malloc_trim, which has no heap of glibc's to trim when ASan's allocator serves malloc. SWIFT_BACKTRACE=enable=no
# and the leak suppressions: see DECISIONS.md (print_suppressions=0: a child's stderr stays its own). Everything runs slower under a
# sanitizer: its run has a timeout of its own.
SANITIZER_SKIP ?= LimitsTests|MemoryLimitEndToEndTests|PasteMemoryEndToEndTests|HeapTrimTests
SANITIZER_TIMEOUT ?= 1800

test-asan: test-deps screenshot-deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan-suppressions.txt:print_suppressions=0 \
	  timeout --kill-after=10 $(SANITIZER_TIMEOUT) \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --skip '$(SANITIZER_SKIP)'

test-tsan: test-deps screenshot-deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	SWIFT_BACKTRACE=enable=no timeout --kill-after=10 $(SANITIZER_TIMEOUT) \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --skip '$(SANITIZER_SKIP)'

FUZZ_SECONDS ?= 30

fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Scripts/fuzz.sh

# The soak test: the ASan-built browser (.build-asan, as test-asan builds it) on a
# JSON file of pictures on the local HTTP test server, a SQLite file, a growing
# --watch file, and an HTTP feed and a PostgreSQL table when the binary takes them;
# random keys and resizes, the HTTP server and a throwaway PostgreSQL cluster
# restarted every minute; at the end nothing from ASan and every program quits
# with 0. Prints keys, resizes, restarts, each program's peak RSS.
SOAK_SECONDS ?= 600

soak: test-deps
	SOAK_SECONDS=$(SOAK_SECONDS) Scripts/soak.sh

# The scale part compares with less and fzf where they can be installed; without
# them it leaves their rows out and says so. It generates its million-item files
# once into bench-data/ (outside git). BENCH_ARGS passes options, such as --quick.
BENCH_ARGS ?=

bench-deps: deps
	@missing=""; \
	for tool in less fzf chafa; do command -v $$tool >/dev/null 2>&1 || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing$$missing for the benchmark's comparison"; \
	  ($(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing) \
	    || echo "make: could not install$$missing: the benchmark leaves them out"; \
	fi

# The picture figures read 500 pictures from bench-data/pictures, made once.
bench-pictures: picture-tools
	python3 Scripts/generate-pictures.py --bench bench-data/pictures --count 500

bench: bench-deps bench-pictures
	$(SWIFT) build -c release --product waterfall-bench
	$(SWIFT) build -c release --product waterfall
	.build/release/waterfall-bench $(BENCH_ARGS)

bench-json: bench-deps bench-pictures
	$(SWIFT) build -c release --product waterfall-bench
	$(SWIFT) build -c release --product waterfall
	.build/release/waterfall-bench --json $(BENCH_ARGS)

# Only the block symbols' figures (quality and time, against chafa when it is
# installed or can be).
bench-symbols: deps
	@command -v chafa >/dev/null 2>&1 || { echo "make: installing chafa for the symbols' comparison"; \
	  ($(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chafa) \
	    || echo "make: could not install chafa: the benchmark leaves it out"; }
	$(SWIFT) build -c release --product waterfall-bench
	.build/release/waterfall-bench symbols $(BENCH_ARGS)

# Only the scale figures (first screen, load, memory, bytes, key to screen).
bench-scale: bench-deps
	$(SWIFT) build -c release --product waterfall-bench
	$(SWIFT) build -c release --product waterfall
	.build/release/waterfall-bench scale $(BENCH_ARGS)

# Only the memory an item after a whole load, at 1M and 10M shop items (the
# 10M file, 3.5 GB, is made once in bench-data/).
bench-memory:
	$(SWIFT) build -c release --product waterfall-bench
	$(SWIFT) build -c release --product waterfall
	.build/release/waterfall-bench memory $(BENCH_ARGS)

# Only standard input's figures: endless `yes | waterfall -` (60 s, then with a
# --memory-limit) and one 200 MB line on a pipe against the same bytes as an array.
bench-stdin: deps
	$(SWIFT) build -c release --product waterfall-bench
	$(SWIFT) build -c release --product waterfall
	.build/release/waterfall-bench stdin $(BENCH_ARGS)

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz .build-fuzz-check

# The sample pictures' JPEGs are written by cjpeg, the test fixtures' WebPs by cwebp.
picture-tools:
	@missing=""; \
	command -v cjpeg >/dev/null 2>&1 || missing="$$missing libjpeg-turbo-progs"; \
	command -v cwebp >/dev/null 2>&1 || missing="$$missing webp"; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

data: picture-tools
	python3 Scripts/generate-data.py
	python3 Scripts/generate-pictures.py
