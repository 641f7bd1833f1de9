# batchlab - see README.md. make, make run, make check, make install.

PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/batchlab
MANDIR   = $(PREFIX)/share/man/man1

CC         ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS     ?= -O2 -g
LDFLAGS    ?=
VERSION     = 0.1.0

# Recursive (=) so a sub-make run after `deps` sees freshly installed .pc files.
CURSES_CFLAGS   = $(shell $(PKG_CONFIG) --cflags ncursesw 2>/dev/null)
CURSES_LIBS     = $(shell $(PKG_CONFIG) --libs ncursesw 2>/dev/null)
READLINE_CFLAGS = $(shell $(PKG_CONFIG) --cflags readline 2>/dev/null)
READLINE_LIBS   = $(shell $(PKG_CONFIG) --libs readline 2>/dev/null)
CMOCKA_CFLAGS   = $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS     = $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

BL_CFLAGS = -std=c11 -Wall -Wextra -D_GNU_SOURCE -MMD -MP \
	    -DBATCHLAB_VERSION='"$(VERSION)"' -DPRESETDIR='"$(DATADIR)/presets"'
LIBS = $(CURSES_LIBS) $(READLINE_LIBS) -lm

BUILD ?= build
CORE_SRC  = $(sort $(wildcard core/*.c))
TUI_SRC   = $(sort $(filter-out tui/main.c,$(wildcard tui/*.c)))
LIB_OBJ   = $(CORE_SRC:%.c=$(BUILD)/%.o) $(TUI_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC  = $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN  = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

SAN_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined

.PHONY: all run check test deps deps-run unit script-tests tmux-tests asan warnings lint-man \
	install uninstall clean bench fuzz bench-screen

all: batchlab

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(BL_CFLAGS) $(CFLAGS) $(CURSES_CFLAGS) $(READLINE_CFLAGS) -c $< -o $@

$(BUILD)/libbatchlab.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

batchlab: $(BUILD)/tui/main.o $(BUILD)/libbatchlab.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/testutil.h $(BUILD)/libbatchlab.a
	@mkdir -p $(@D)
	$(CC) $(BL_CFLAGS) $(CFLAGS) $(CMOCKA_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libbatchlab.a $(CMOCKA_LIBS) $(LIBS)

# --- set-up -----------------------------------------------------------------

deps:
	@sh scripts/deps.sh check

deps-run:
	@sh scripts/deps.sh run

run: deps-run
	@$(MAKE) --no-print-directory batchlab
	./batchlab

# --- tests ------------------------------------------------------------------

check: deps
	@$(MAKE) --no-print-directory test

test: batchlab warnings unit script-tests asan tmux-tests lint-man
	@echo "make check: all passed"

unit: $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; ./$$t; done

script-tests: batchlab
	@sh tests/script/run.sh ./batchlab

# Unit tests and script tests once more with AddressSanitizer and UBSan.
asan:
	@$(MAKE) --no-print-directory BUILD=build/asan CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" \
		build/asan/batchlab-asan unit
	@ASAN_OPTIONS=detect_leaks=1 sh tests/script/run.sh ./build/asan/batchlab-asan
	@if [ -x tests/tmux/run.sh ]; then ASAN_OPTIONS=detect_leaks=1 sh tests/tmux/run.sh ./build/asan/batchlab-asan; fi

build/asan/batchlab-asan: $(BUILD)/tui/main.o $(BUILD)/libbatchlab.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

tmux-tests: batchlab
	@if [ -x tests/tmux/run.sh ]; then sh tests/tmux/run.sh ./batchlab; fi

# The explorer's start-to-first-frame and key-to-redraw times, on a pty (a benchmark, not a test).
bench-screen: batchlab $(BUILD)/bench/screen_bench
	./$(BUILD)/bench/screen_bench ./batchlab 10

$(BUILD)/bench/screen_bench: bench/screen_bench.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -Wall -Wextra $(CFLAGS) $(LDFLAGS) -o $@ $< -lutil

# Warning-free with both compilers, not only the one that builds.
warnings:
	@for cc in gcc clang; do \
		command -v $$cc >/dev/null || { echo "warnings: $$cc not installed"; exit 1; }; \
		for f in $(CORE_SRC) $(TUI_SRC) tui/main.c; do \
			$$cc -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -fsyntax-only \
				$(CURSES_CFLAGS) $(READLINE_CFLAGS) $$f || exit 1; \
		done; \
		echo "warnings: $$cc -Wall -Wextra clean"; \
	done

lint-man:
	@if [ -f man/batchlab.1 ]; then mandoc -Tlint -W warning man/batchlab.1 && echo "lint-man: clean"; fi

# --- install ----------------------------------------------------------------

install: batchlab
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/presets $(DESTDIR)$(MANDIR)
	install -m 755 batchlab $(DESTDIR)$(BINDIR)/batchlab
	install -m 644 presets/*.preset $(DESTDIR)$(DATADIR)/presets/
	if [ -f man/batchlab.1 ]; then install -m 644 man/batchlab.1 $(DESTDIR)$(MANDIR)/batchlab.1; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/batchlab $(DESTDIR)$(MANDIR)/batchlab.1
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build batchlab

-include $(shell find build -name '*.d' 2>/dev/null)
