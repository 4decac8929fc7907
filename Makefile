# The front door. `make` builds everything (build/dtrace and
# build/kernel/dtrace.ko); `make check` runs every test; `make demo` runs
# a real one-liner; `make install` installs. Userspace builds with CMake
# into build/, the module with Kbuild against KDIR.
#
# KDIR defaults to the running kernel's build tree when it has one, else
# to the Debian cloud kernel the guest tests boot, whose headers
# scripts/deps.sh unpacks under build/headers/ (test/vm/kdir): nothing
# is installed into /boot or /lib/modules.

BUILD      ?= build
JOBS       ?= $(shell nproc)
RUNNING_KDIR := /lib/modules/$(shell uname -r)/build
KDIR       ?= $(shell if [ -e $(RUNNING_KDIR)/Makefile ]; then echo $(RUNNING_KDIR); \
                else test/vm/kdir 2>/dev/null; fi)
KVER        = $(notdir $(patsubst %/,%,$(dir $(KDIR))))
PREFIX     ?= /usr
DEMO       ?= BEGIN { trace("hello"); exit(0); }

.PHONY: all deps userspace module modules-all check unit dtests demo install install-files deb golden clean

all: userspace module

deps:
	@scripts/deps.sh

# ccache, where installed (scripts/deps.sh installs it), spares a fresh
# clone of the same sources (CI's) most of the compiling: paths below the
# tree are hashed relative to it, whichever directory the clone is in.
# Evaluated when the recipe runs, after make check's deps.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
LAUNCHERS = $(if $(shell command -v ccache),-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=$(PREFIX) -DDTRACE_WERROR=ON $(LAUNCHERS) > /dev/null

userspace: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

module:
	@test -n "$(KDIR)" || { echo "make: no kernel build tree (KDIR); run make deps" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR)/kernel DTRACE_WERROR=1 modules
	@mkdir -p $(BUILD)/kernel
	cp kernel/dtrace.ko $(BUILD)/kernel/dtrace.ko

# The module for every other supported kernel (test/vm/kernels), in
# build/kernel-<version>/dtrace.ko; the kernels the host cannot build for
# build in a chroot under build/ that this makes (scripts/modules-all.sh).
modules-all: module
	@scripts/modules-all.sh $(BUILD) $(JOBS)

# Unit tests natively, then the D suite against the real module in one
# guest boot; the last line sums both: "N passed, N failed".
check: deps all modules-all
	@test/check.sh

unit: userspace
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

dtests: all
	@test/vm/run -- test/harness/runtest

# Runs $(DEMO) for real: natively where the module is built for the
# running kernel and modules can be loaded, otherwise in the guest. It
# installs only what the build needs and builds only build/demo/dtrace and the
# module, one line a step (scripts/demo.sh).
demo:
	@scripts/demo.sh $(BUILD) $(JOBS) '$(DEMO)'

install: all
	@$(MAKE) --no-print-directory install-files

# What install copies, without building first (ctest make_install runs
# it into a scratch DESTDIR, make deb into its staging tree). dtrace and
# the module are installed stripped; dtrace's debug symbols go to
# PREFIX/lib/debug/.build-id/, where gdb and perf look for them.
install-files:
	install -D -m 0755 $(BUILD)/dtrace $(DESTDIR)$(PREFIX)/sbin/dtrace
	@id=$$(readelf -n $(BUILD)/dtrace | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p'); \
	dbg=$(DESTDIR)$(PREFIX)/lib/debug/.build-id/$$(echo $$id | cut -c1-2); \
	install -d $$dbg && \
	objcopy --only-keep-debug --compress-debug-sections $(BUILD)/dtrace \
		$$dbg/$$(echo $$id | cut -c3-).debug && \
	strip --strip-unneeded $(DESTDIR)$(PREFIX)/sbin/dtrace
	install -d $(DESTDIR)$(PREFIX)/lib/dtrace
	install -m 0644 libdtrace/dlib/*.d $(DESTDIR)$(PREFIX)/lib/dtrace/
	install -D -m 0644 $(BUILD)/kernel/dtrace.ko \
		$(DESTDIR)/lib/modules/$(KVER)/extra/dtrace.ko
	strip --strip-debug $(DESTDIR)/lib/modules/$(KVER)/extra/dtrace.ko
	@if [ "$(KVER)" != "$$(uname -r)" ]; then \
		echo "make install: dtrace.ko is built for $(KVER), not the running kernel $$(uname -r) (KDIR=$(KDIR))"; fi
	@if [ -z "$(DESTDIR)" ]; then depmod -a $(KVER) && \
		echo "make install: depmod -a $(KVER): modprobe dtrace loads it"; fi
	install -D -m 0644 man/dtrace.8 $(DESTDIR)$(PREFIX)/share/man/man8/dtrace.8
	install -D -m 0644 cmd/dtrace/dtrace.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/dtrace
	install -D -m 0644 $(BUILD)/include/sys/dtrace.h $(DESTDIR)$(PREFIX)/include/sys/dtrace.h

# Debian packages (debian/, built by dpkg-buildpackage out of tree in
# $(BUILD)/deb-src: pkg/mkdeb.sh): dtrace, dtrace-dbgsym, dtrace-dkms.
DEBDIR ?= $(BUILD)/deb
deb:
	@pkg/mkdeb.sh $(CURDIR) $(BUILD) $(DEBDIR)

golden: userspace
	@UPDATE=$(UPDATE) $(BUILD)/test/unit/unit_tests --gtest_filter='*Golden*'

clean:
	rm -rf $(BUILD)
	-$(MAKE) -C $(KDIR) M=$(CURDIR)/kernel clean
