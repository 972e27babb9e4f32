# ReuseKit — every target installs what it needs first, so a fresh Debian machine works.
SHELL := /bin/bash
APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev librlottie-dev fonts-dejavu-core fontconfig pkg-config zlib1g-dev libzip-dev libwebp-dev \
  libfontconfig-dev fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji libfribidi-dev libicu-dev libsqlite3-dev libseccomp-dev \
  libatk1.0-dev libatk-bridge2.0-dev libglib2.0-dev at-spi2-core dbus python3-pyatspi xvfb xauth weston xdotool \
  libx11-dev x11-utils
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
# Tests render offscreen: SDL never needs a display for them.
TEST_ENV := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: deps build test consumer-test accessibility-test report-test orca-check demo bench lint format record-goldens \
  fuzz fuzz-parsers sanitize docs

## deps: install the Debian packages that are missing (apt-get update first).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; \
	fi

build: deps
	$(SWIFT) build --build-tests

## test: install, build, run every test (what CI runs), the consumer package's tests (ReuseKit used as
## a library, from its products alone), the formatter's lint, and a benchmark smoke run.
test: deps
	$(SWIFT) build --build-tests
	set -o pipefail; $(TEST_ENV) $(SWIFT) test --skip-build --disable-xctest 2>&1 | tee .build/test-output.txt
	$(MAKE) consumer-test
	$(MAKE) accessibility-test
	$(MAKE) report-test
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests Demo
	$(TEST_ENV) $(SWIFT) run reuse-bench --smoke
	@count=$$(grep -oE 'Test run with [0-9]+ tests' .build/test-output.txt | grep -oE '[0-9]+' | tail -n 1); \
	  echo "tests: $${count:-0} passed, 0 failed"

## accessibility-test: a screen reader's view of the app, headless: dbus-run-session starts a session bus
## (the accessibility bus and its registry are started on demand), `chat-demo --accessibility-serve` runs
## a scenario with its tree on the bus, and a client on the system's python3 with pyatspi (the library
## Orca is built on) reads and drives it (Tests/Accessibility/a11y_client.py).
accessibility-test: deps
	$(SWIFT) build --product chat-demo
	$(TEST_ENV) NO_AT_BRIDGE=0 dbus-run-session -- /usr/bin/python3 Tests/Accessibility/a11y_client.py \
	  "$$($(SWIFT) build --show-bin-path)/chat-demo" Tests/Accessibility

## report-test: chat-demo's outputs checked from outside: the Chrome traces of every shipped scenario
## (scripts/report/validate_trace.py: fields, time order, slice nesting, reset counts per policy set), and
## the typing-burst HTML report opened in headless Chromium (Debian's chromium): its DOM against the report
## JSON and the trace, its Content-Security-Policy, no network request in Chromium's NetLog beyond what
## Chromium makes for an empty page, a screenshot (.build/report-test/report.png); long-scroll's report
## stays under 5 MB with its resets summed right. The checker's own unittests run first.
REPORT_PACKAGES := chromium
report-test: deps
	@missing=""; for p in $(REPORT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	fi
	$(SWIFT) build --product chat-demo
	python3 -m unittest discover -s scripts/report -p 'test_*.py'
	$(TEST_ENV) python3 scripts/report/report_test.py "$$($(SWIFT) build --show-bin-path)/chat-demo" .build/report-test

## orca-check: Orca itself (Debian's, with its GTK on an Xvfb display) reads the app and says what a user
## hears: the focused messages, the composer, an incoming message's notification
## (Tests/Accessibility/orca_check.sh). Not part of `make test`: it installs Orca and Xvfb and waits on Orca
## for about a minute.
ORCA_PACKAGES := orca xvfb
orca-check: deps
	@missing=""; for p in $(ORCA_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	fi
	$(SWIFT) build --product chat-demo
	Tests/Accessibility/orca_check.sh "$$($(SWIFT) build --show-bin-path)/chat-demo" Tests/Accessibility/serve.json

## consumer-test: build Tests/ConsumerPackage (its own Package.swift, depending on this one by path)
## from scratch, fail if that build prints any warning (a user of the package sees every one and can
## do nothing about it), and run its tests: a custom attachment counted under the four policies,
## headless and on SDL.
CONSUMER_SCRATCH := .build/consumer
CONSUMER := --package-path Tests/ConsumerPackage --scratch-path $(CONSUMER_SCRATCH)
consumer-test: deps
	rm -rf $(CONSUMER_SCRATCH) && mkdir -p $(CONSUMER_SCRATCH)
	set -o pipefail; $(SWIFT) build $(CONSUMER) --build-tests 2>&1 | tee $(CONSUMER_SCRATCH)/build-output.txt
	@if grep -q 'warning:' $(CONSUMER_SCRATCH)/build-output.txt; then \
	  echo "consumer-test: FAILED: building Tests/ConsumerPackage printed $$(grep -c 'warning:' \
	    $(CONSUMER_SCRATCH)/build-output.txt) warning line(s); a user of the package would see them:"; \
	  grep 'warning:' $(CONSUMER_SCRATCH)/build-output.txt; exit 1; \
	fi
	$(TEST_ENV) $(SWIFT) test $(CONSUMER) --skip-build --disable-xctest

## fuzz: 1,000,000 seeded random scenario steps over the four policy sets, the reuse invariants
## checked after every frame (make test runs 20,000). Override with FUZZ_STEPS=N FUZZ_SEED=S.
FUZZ_STEPS ?= 1000000
FUZZ_SEED ?= 1
fuzz: deps
	$(SWIFT) build --build-tests
	FUZZ_STEPS=$(FUZZ_STEPS) FUZZ_SEED=$(FUZZ_SEED) $(TEST_ENV) $(SWIFT) test --skip-build --disable-xctest --filter ScenarioFuzzTests
	FUZZ_FULL=1 $(TEST_ENV) $(SWIFT) test --skip-build --disable-xctest \
	  --filter 'StoreFaultSweepTests|StoreKillTests|PersistingProviderScaleTests|StickerMutationFuzzTests'

## fuzz-parsers: coverage-guided fuzzing (libFuzzer, from the toolchain, with AddressSanitizer) of every parser of
## untrusted bytes: the library modules are built once, instrumented, in .build/fuzz-spm; each target in Tests/Fuzz/
## runs FUZZ_SECONDS (default 60) or FUZZ_RUNS executions, whichever comes first, on a corpus seeded from the
## repository and ../shared/real-stickers; a table gives executions, coverage, corpus and findings per target, and
## findings are kept in .build/fuzz/crashes/<target>/ (scripts/fuzz/fuzz_parsers.py; FUZZ_ONLY=a,b picks targets,
## FUZZ_JOBS=N runs N at once).
## Not part of `make test`: the inputs it found are, as regression tests (Tests/StickersTests/FuzzRegressionTests).
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= 0
FUZZ_ONLY ?=
FUZZ_JOBS ?= 1
fuzz-parsers: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_ONLY=$(FUZZ_ONLY) FUZZ_JOBS=$(FUZZ_JOBS) python3 scripts/fuzz/fuzz_parsers.py

## sanitize: every suite under AddressSanitizer with LeakSanitizer, then under ThreadSanitizer, each built in its
## own folder (.build/asan, .build/tsan; the consumer package in .build/consumer-asan, .build/consumer-tsan):
## the whole `swift test` suite, the consumer package's tests and the accessibility client against the
## instrumented chat-demo (scripts/sanitizer/sanitize.py, which prints a table of tests and reports per suite
## and fails on any failed test or any sanitizer report, the sticker worker's included). The builds define
## REUSEKIT_SANITIZED, under which the worker's sandbox lets the sanitizer's runtime ask for its signal stack;
## no other build does. scripts/sanitizer/*.supp name system libraries only, each with its reason; tests that
## measure memory skip themselves there. Hours on 2 cores (the scenario fuzz test's 20,000 steps alone run
## for most of an hour under AddressSanitizer); CI does not run it.
## Override with SANITIZE_ARGS='--only address' or '--parts swift-test'.
SANITIZE_ARGS ?=
sanitize: deps
	SWIFT=$(SWIFT) python3 scripts/sanitizer/sanitize.py $(SANITIZE_ARGS)

## demo: install, build in release mode, open the window (or run headless without a display).
demo: deps
	$(SWIFT) build -c release --product chat-demo
	$(SWIFT) build -c release --product sticker-worker
	./.build/release/chat-demo

## docs: build every public module's DocC catalog into static HTML under .build/docs/<Module>; fails on any public
## symbol without a doc comment or any DocC warning (broken ``Symbol`` links, unresolved topics). The rules, and
## faster runs (--no-extract, --no-docc, a module list), are in scripts/doc-coverage.py.
docs: deps
	SWIFT=$(SWIFT) python3 scripts/doc-coverage.py

bench: deps
	$(SWIFT) build -c release --product sticker-worker
	$(SWIFT) run -c release reuse-bench

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests Demo

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Package.swift Sources Tests Demo

## record-goldens: re-render the golden images in Tests/*/Goldens (suites named *GoldenImageTests, and the
## seed examples' suites that hold goldens: gutter, collapsed day, split view; MultilingualGoldenImageTests holds
## the script and emoji goldens).
record-goldens: deps
	RECORD_GOLDENS=1 $(TEST_ENV) $(SWIFT) test --filter 'GoldenImageTests|LineNumberTests|ChatDaySectionTests|ChatSplitViewTests|SeedScenarioTests'
