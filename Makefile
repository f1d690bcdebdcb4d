# Lokale — `make demo` runs the example window, `make test` runs every test.
SWIFT   ?= swift
CONFIG  ?= debug
JOBS    ?= 2
CC      ?= cc
CXX     ?= c++
PYTHON  ?= python3
PREFIX  ?= /usr/local
ROOT    := $(abspath .)
OUT     := $(ROOT)/build
VERSION := $(shell sed -n 's/^\#define LOKALE_VERSION_STRING "\(.*\)"/\1/p' include/lokale.h)
BIN      = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)
CFLAGS  ?= -std=c11 -O1 -g -Wall -Wextra -Werror
LOKALE  := $(OUT)/bin/lokale
LINK    := -L$(OUT)/lib -llokale -Wl,-rpath,$(OUT)/lib

.PHONY: all build demo test test-swift test-c test-python examples install clean

all: build

# Builds liblokale.so and the lokale tool, and stages them with the header and lokale.pc in build/.
build:
	$(SWIFT) build -c $(CONFIG) -j $(JOBS) --product lokale
	$(SWIFT) build -c $(CONFIG) -j $(JOBS) --product lokale-cli
	@mkdir -p $(OUT)/bin $(OUT)/lib/pkgconfig $(OUT)/include
	cp $(BIN)/lokale-cli $(OUT)/bin/lokale
	cp $(BIN)/liblokale.so $(OUT)/lib/liblokale.so
	cp include/lokale.h $(OUT)/include/lokale.h
	sed -e 's|@PREFIX@|$(OUT)|' -e 's|@VERSION@|$(VERSION)|' lokale.pc.in > $(OUT)/lib/pkgconfig/lokale.pc

# The seeds' scenarios compiled from examples/ into build/examples/.
examples: build
	@mkdir -p $(OUT)/examples
	$(LOKALE) compile examples/DesktopApp -o $(OUT)/examples/DesktopApp.lokale
	$(LOKALE) compile examples/DesktopApp --allow-mixed-localizations -o $(OUT)/examples/DesktopAppMixed.lokale
	$(LOKALE) compile examples/PanelKit -o $(OUT)/examples/PanelKit.lokale
	$(CC) $(CFLAGS) -I$(OUT)/include examples/window/window.c $(LINK) -o $(OUT)/examples/window

demo: examples
	$(OUT)/examples/window $(OUT)/examples

test: test-swift test-c test-python

test-swift:
	$(SWIFT) build -j $(JOBS) --build-tests
	$(SWIFT) test -j $(JOBS) --skip-build

test-c: examples
	@mkdir -p $(OUT)/tests
	$(CC) $(CFLAGS) -pthread -I$(OUT)/include tests/c/test_lokale.c $(LINK) -o $(OUT)/tests/test_lokale
	$(CXX) -std=c++17 -Wall -Wextra -Werror -I$(OUT)/include -fsyntax-only tests/c/header_cxx.cpp
	bash tests/c/check_exports.sh include/lokale.h $(OUT)/lib/liblokale.so
	$(LOKALE) compile tests/c/fixtures/Tables -o $(OUT)/tests/Tables.lokale
	$(OUT)/tests/test_lokale $(OUT)/examples $(OUT)/tests

# The Python binding (bindings/python) against this build: pytest, including `pip install` of the
# package into a temporary target and a temporary venv, and the code of docs/PYTHON.md.
test-python: examples
	LOKALE_LIBRARY=$(OUT)/lib/liblokale.so $(PYTHON) -m pytest -q bindings/python/tests

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 755 $(OUT)/bin/lokale $(DESTDIR)$(PREFIX)/bin/lokale
	install -m 755 $(OUT)/lib/liblokale.so $(DESTDIR)$(PREFIX)/lib/liblokale.so
	install -m 644 include/lokale.h $(DESTDIR)$(PREFIX)/include/lokale.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' lokale.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/lokale.pc

clean:
	rm -rf $(OUT)
	$(SWIFT) package clean
