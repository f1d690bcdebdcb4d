# Lokale — `make demo` runs the example window, `make test` runs every test, `make check` is the
# fast inner loop (the debug build, the C test program, the Swift tests but the slowest suites).
SWIFT   ?= swift
CONFIG  ?= debug
JOBS    ?= 2
CC      ?= cc
CXX     ?= c++
PYTHON  ?= python3
PREFIX  ?= /usr/local
ROOT    := $(abspath .)
OUT     := $(ROOT)/build
# MAJOR.MINOR.PATCH from the header's LOKALE_VERSION_MAJOR/_MINOR/_PATCH (the string is derived from them).
VERSION := $(shell sed -n 's/^\#define LOKALE_VERSION_\(MAJOR\|MINOR\|PATCH\) *\([0-9][0-9]*\) *$$/\2/p' include/lokale.h | paste -sd.)
BIN      = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)
# SwiftPM's product for liblokale.so: `lokale` would clash with the Swift library `Lokale` (SwiftPM
# tells products apart without case); the file is installed as liblokale.so.
LIB_PRODUCT := lokale-c
LIB_BUILT   := lib$(LIB_PRODUCT).so
CFLAGS  ?= -std=c11 -O1 -g -Wall -Wextra -Werror
LOKALE  := $(OUT)/bin/lokale
LINK    := -L$(OUT)/lib -llokale -Wl,-rpath,$(OUT)/lib
CXXFLAGS ?= -std=c++17 -O1 -g -Wall -Wextra -Werror
# Compiler and linker flags of the staged build, through its lokale.pc only (as a user would).
STAGED_PC  := PKG_CONFIG_PATH=$(OUT)/lib/pkgconfig
PKG_LOKALE  = $$($(STAGED_PC) pkg-config --cflags --libs lokale)
# The self-contained build (-static-stdlib) that `make install` installs, in its own scratch path.
STATIC_SCRATCH ?= $(ROOT)/.build-static
STATIC_BIN      = $(shell $(SWIFT) build -c release --scratch-path $(STATIC_SCRATCH) --show-bin-path)
# The C test program: every Tests/C/*.c (main.c, the test_*.c files by concern, check.h shared).
C_TEST_SRC := $(sort $(wildcard Tests/C/*.c))

.PHONY: all build build-static demo test check check-swift test-swift test-c test-bindings \
        test-c-bindings test-cpp test-c-docs test-python test-swift-package test-install examples install clean \
        fuzz fuzz-ci test-asan test-tsan test-c-tsan

all: build

# Builds liblokale.so and the lokale tool, and stages them with the header and lokale.pc in build/.
build:
	$(SWIFT) build -c $(CONFIG) -j $(JOBS) --product $(LIB_PRODUCT)
	$(SWIFT) build -c $(CONFIG) -j $(JOBS) --product lokale-cli
	@mkdir -p $(OUT)/bin $(OUT)/lib/pkgconfig $(OUT)/include
	# Copied, then renamed into place: a running program keeps the file it mapped.
	cp $(BIN)/lokale-cli $(OUT)/bin/lokale.tmp && mv -f $(OUT)/bin/lokale.tmp $(OUT)/bin/lokale
	cp $(BIN)/$(LIB_BUILT) $(OUT)/lib/liblokale.so.tmp && mv -f $(OUT)/lib/liblokale.so.tmp $(OUT)/lib/liblokale.so
	cp include/lokale.h $(OUT)/include/lokale.h
	sed -e 's|@PREFIX@|$(OUT)|' -e 's|@VERSION@|$(VERSION)|' lokale.pc.in > $(OUT)/lib/pkgconfig/lokale.pc

# The seeds' scenarios compiled from examples/ into build/examples/.
examples: build
	@mkdir -p $(OUT)/examples
	$(LOKALE) compile examples/DesktopApp -o $(OUT)/examples/DesktopApp.lokale
	$(LOKALE) compile examples/DesktopApp --allow-mixed-localizations -o $(OUT)/examples/DesktopAppMixed.lokale
	$(LOKALE) compile examples/PanelKit -o $(OUT)/examples/PanelKit.lokale
	$(STAGED_PC) $(MAKE) --no-print-directory -C bindings/c OUT=$(OUT)/examples CC="$(CC)" CFLAGS="$(CFLAGS)"

demo: examples
	$(OUT)/examples/window $(OUT)/examples
	@echo
	@echo "The same window from Swift (examples/SummaryLabel, LokaleCompilerPlugin), then switched to French:"
	$(SWIFT) build -j $(JOBS) --package-path examples/SummaryLabel
	$$($(SWIFT) build --package-path examples/SummaryLabel --show-bin-path)/SummaryDemo --switch fr

test: test-swift test-c test-bindings test-python test-swift-package test-install fuzz-ci

test-swift:
	$(SWIFT) build -j $(JOBS) --build-tests
	$(SWIFT) test -j $(JOBS) --skip-build

# The fast inner loop (a few minutes on 2 cores): the debug build (`make build`), the C test program
# (the quickest to fail), then the Swift tests built into that same .build/debug, but for the slowest
# suites: CHECK_SKIP is a regular expression over <target>.<suite>/<test> (`swift test --skip`);
# `make check CHECK_SKIP=` skips nothing. `make test` runs every suite, the bindings, the
# installation and the fuzzers.
CHECK_SKIP ?= TableCorruptionTests|LimitsTests|ConformanceTests|PluralSamplesTests|GettextDifferentialTests|RealStringsFilesTests|ToolingRobustnessTests
check: test-c check-swift

check-swift: build
	$(SWIFT) build -c debug -j $(JOBS) --build-tests
	$(SWIFT) test -c debug -j $(JOBS) --skip-build $(if $(CHECK_SKIP),--skip '$(CHECK_SKIP)')

test-c: examples
	@mkdir -p $(OUT)/tests
	$(CC) $(CFLAGS) -pthread -I$(OUT)/include $(C_TEST_SRC) $(LINK) -o $(OUT)/tests/test_lokale
	$(CXX) -std=c++17 -Wall -Wextra -Werror -I$(OUT)/include -fsyntax-only Tests/C/header_cxx.cpp
	bash Tests/C/check_exports.sh include/lokale.h $(OUT)/lib/liblokale.so
	$(LOKALE) compile Tests/C/fixtures/Tables -o $(OUT)/tests/Tables.lokale
	$(OUT)/tests/test_lokale $(OUT)/examples $(OUT)/tests

# Lokale as a Swift package user gets it: examples/SummaryLabel depending on a tagged clone of this
# working tree by file:// URL and version, built with LokaleCompilerPlugin, run in six languages
# (output compared with examples/SummaryLabel/Expected), switched, persisted, `swift test`ed, copied
# elsewhere, and given a broken catalog (Tests/swiftpm/consumer.sh).
test-swift-package: build
	JOBS=$(JOBS) LOKALE=$(LOKALE) bash Tests/swiftpm/consumer.sh

# bindings/c, bindings/cpp and docs/C.md against the staged build, compiled with nothing but
# `pkg-config --cflags --libs lokale` (build/lib/pkgconfig/lokale.pc).
test-bindings: test-c-bindings test-cpp test-c-docs

# The seeds' window (bindings/c, built by `make examples`): it checks every label it shows.
test-c-bindings: examples
	$(OUT)/examples/window $(OUT)/examples > $(OUT)/examples/window.out || { cat $(OUT)/examples/window.out; exit 1; }
	tail -n 1 $(OUT)/examples/window.out

# The header-only C++17 wrapper: its test (asserts) and its sample.
test-cpp: examples
	@mkdir -p $(OUT)/tests
	$(CXX) $(CXXFLAGS) -Ibindings/cpp bindings/cpp/test.cpp $(PKG_LOKALE) -o $(OUT)/tests/test_cpp
	$(CXX) $(CXXFLAGS) -Ibindings/cpp bindings/cpp/sample.cpp $(PKG_LOKALE) -o $(OUT)/examples/sample_cpp
	$(OUT)/tests/test_cpp $(OUT)/examples
	$(OUT)/examples/sample_cpp $(OUT)/examples

# Every ```c (and ```cpp) block of docs/C.md, compiled with pkg-config and run; output compared.
test-c-docs: examples
	$(STAGED_PC) $(PYTHON) bindings/c/run_docs.py docs/C.md --bundles $(OUT)/examples --work $(OUT)/tests/c-docs

# The Python binding (bindings/python) against this build: pytest, including `pip install` of the
# package into a temporary target and a temporary venv, and the code of docs/PYTHON.md — twice:
# with the C accelerator (lokale/_speedups.c, built in place here) and with ctypes alone.
test-python: examples
	cd bindings/python && $(PYTHON) setup.py -q build_ext --inplace
	LOKALE_LIBRARY=$(OUT)/lib/liblokale.so LOKALE_EXPECT_SPEEDUPS=1 $(PYTHON) -m pytest -q bindings/python/tests
	LOKALE_LIBRARY=$(OUT)/lib/liblokale.so LOKALE_PURE_PYTHON=1 $(PYTHON) -m pytest -q bindings/python/tests

# The self-contained liblokale.so (Swift runtime linked statically: it needs only ICU and the C/C++
# runtime) and CLI. A separate scratch path, so that it never fights the normal build.
build-static:
	@mkdir -p $(STATIC_SCRATCH) && echo '*' > $(STATIC_SCRATCH)/.gitignore
	$(SWIFT) build -c release -j $(JOBS) -Xswiftc -static-stdlib --scratch-path $(STATIC_SCRATCH) --product $(LIB_PRODUCT)
	$(SWIFT) build -c release -j $(JOBS) -Xswiftc -static-stdlib --scratch-path $(STATIC_SCRATCH) --product lokale-cli
	@if ldd $(STATIC_BIN)/$(LIB_BUILT) $(STATIC_BIN)/lokale-cli | grep -q 'libswift'; then \
	  echo "build-static: the self-contained build still needs a libswift*.so:" >&2; \
	  ldd $(STATIC_BIN)/$(LIB_BUILT) $(STATIC_BIN)/lokale-cli >&2; exit 1; fi

# Installs the self-contained library, the header, lokale.pc and the CLI under $(DESTDIR)$(PREFIX).
install: build-static
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 755 $(STATIC_BIN)/lokale-cli $(DESTDIR)$(PREFIX)/bin/lokale
	install -m 755 $(STATIC_BIN)/$(LIB_BUILT) $(DESTDIR)$(PREFIX)/lib/liblokale.so
	install -m 644 include/lokale.h $(DESTDIR)$(PREFIX)/include/lokale.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' lokale.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/lokale.pc

# `make install` into a temporary PREFIX, then, against that installation only: no libswift*.so in
# ldd, exported symbols exactly the header's, bindings/c built with nothing but pkg-config and run,
# and the installed CLI compiling the example bundles it runs over.
test-install:
	@set -e; prefix=$$(mktemp -d); trap 'rm -rf "$$prefix"' EXIT; \
	$(MAKE) --no-print-directory install PREFIX=$$prefix; \
	echo "test-install: installed into $$prefix"; \
	if ldd $$prefix/lib/liblokale.so $$prefix/bin/lokale | grep 'libswift'; then \
	  echo "test-install: the installed files need the Swift runtime" >&2; exit 1; fi; \
	bash Tests/C/check_exports.sh $$prefix/include/lokale.h $$prefix/lib/liblokale.so; \
	for b in DesktopApp PanelKit; do $$prefix/bin/lokale compile examples/$$b -o $$prefix/$$b.lokale; done; \
	$$prefix/bin/lokale compile examples/DesktopApp --allow-mixed-localizations -o $$prefix/DesktopAppMixed.lokale; \
	env -u LD_LIBRARY_PATH PKG_CONFIG_PATH=$$prefix/lib/pkgconfig $(MAKE) --no-print-directory -C bindings/c OUT=$$prefix/c CC="$(CC)"; \
	ldd $$prefix/c/window | grep -q "$$prefix/lib/liblokale.so" || { echo "test-install: window does not load the installed liblokale.so" >&2; ldd $$prefix/c/window >&2; exit 1; }; \
	env -u LD_LIBRARY_PATH $$prefix/c/window $$prefix > $$prefix/window.out || { cat $$prefix/window.out; exit 1; }; \
	tail -n 1 $$prefix/window.out; \
	echo "test-install: ok"

# libFuzzer targets (Fuzz/, its own package: the main build never sees -sanitize=fuzzer). Each target
# runs SECONDS on a scratch copy of its committed corpus (Fuzz/corpus/<target>); crashes are kept
# in Fuzz/artifacts/. `make fuzz SECONDS=300 TARGETS="table capi"` runs a few.
SECONDS ?= 60
TARGETS ?=
fuzz:
	SWIFT="$(SWIFT)" JOBS="$(JOBS)" bash Fuzz/run.sh fuzz $(SECONDS) $(TARGETS)

# CI: replays every committed corpus, then fuzzes each target for 30 seconds.
fuzz-ci:
	SWIFT="$(SWIFT)" JOBS="$(JOBS)" bash Fuzz/run.sh ci 30

# The Swift test suite under AddressSanitizer (LeakSanitizer included), in its own scratch path.
ASAN_SCRATCH ?= /tmp/lk-asan
TSAN_SCRATCH ?= /tmp/lk-tsan
test-asan:
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 LSAN_OPTIONS=suppressions=$(ROOT)/Tests/sanitizers/lsan.supp \
	  $(SWIFT) test -j $(JOBS) --sanitize=address --scratch-path $(ASAN_SCRATCH) -Xswiftc -use-ld=lld

# ThreadSanitizer, both halves in one scratch path (halt_on_error: a race fails the run). First the
# C test program (test-c-tsan: its reader threads on the C lookup path while languages change and
# the bundle reloads) against a ThreadSanitizer build of liblokale, compiled with the toolchain's
# clang so that one TSan runtime serves both; then the threaded Swift tests (TSAN_FILTER).
TSAN_FILTER ?= ConcurrencyTests|MainBundleTests|ReloadTests
SWIFT_TOOLCHAIN = $(dir $(realpath $(shell command -v $(SWIFT))))
test-tsan: test-c-tsan
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 \
	  $(SWIFT) test -j $(JOBS) --sanitize=thread --scratch-path $(TSAN_SCRATCH) -Xswiftc -use-ld=lld \
	  --filter '$(TSAN_FILTER)'

test-c-tsan: examples
	$(SWIFT) build -j $(JOBS) --sanitize=thread --scratch-path $(TSAN_SCRATCH) --product $(LIB_PRODUCT) -Xswiftc -use-ld=lld
	@mkdir -p $(OUT)/tests
	$(LOKALE) compile Tests/C/fixtures/Tables -o $(OUT)/tests/Tables.lokale 2>/dev/null
	$(SWIFT_TOOLCHAIN)clang -std=c11 -g -O1 -fsanitize=thread -fuse-ld=lld -pthread -I$(OUT)/include $(C_TEST_SRC) \
	  -L$(TSAN_SCRATCH)/debug -llokale -L$(SWIFT_TOOLCHAIN)../lib/swift/linux -ldispatch -lBlocksRuntime \
	  -Wl,-rpath,$(TSAN_SCRATCH)/debug -Wl,-rpath,$(SWIFT_TOOLCHAIN)../lib/swift/linux -o $(OUT)/tests/test_lokale_tsan
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 $(OUT)/tests/test_lokale_tsan $(OUT)/examples $(OUT)/tests

clean:
	rm -rf $(OUT) $(STATIC_SCRATCH) examples/SummaryLabel/.build
	$(SWIFT) package clean

# The benchmark suite (benchmarks/): lokale against glibc gettext, ICU resource bundles,
# a bare mmap'd hash and Python's gettext; writes benchmarks/results/latest.{json,md,png}.
# `make bench QUICK=1`: N = 1k and 100k, fewer repetitions (under 3 minutes).
.PHONY: bench
bench:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" bash benchmarks/bench.sh
