# autopm-lab: the two commands are scripts/run-guest and "make check".
# Everything else here is a shortcut to one step of theirs.

VARIANT ?= patched
# this checkout's own build folder in the cache (scripts/lib.sh)
STATE := $(shell bash -c '. scripts/lib.sh && echo $$LAB_STATE')

.PHONY: check unit kernel image demo shell

check:
	scripts/check

unit:
	$(MAKE) -s -C tests/unit O=$(STATE)/unit run

kernel:
	scripts/build-kernel --variant $(VARIANT)

image:
	guest-image/build-initramfs $(STATE)/image/base.cpio

demo:
	scripts/run-guest --variant $(VARIANT)

shell:
	scripts/run-guest --variant $(VARIANT) --shell
