# autopm-lab: the two commands are scripts/run-guest and "make check".
# Everything else here is a shortcut to one step of theirs.

VARIANT ?= patched

.PHONY: check unit kernel image demo shell

check:
	scripts/check

unit:
	$(MAKE) -s -C tests/unit O=$${AUTOPM_LAB_CACHE:-$$HOME/.cache/autopm-lab}/unit run

kernel:
	scripts/build-kernel --variant $(VARIANT)

image:
	guest-image/build-initramfs $${AUTOPM_LAB_CACHE:-$$HOME/.cache/autopm-lab}/image/base.cpio

demo:
	scripts/run-guest --variant $(VARIANT)

shell:
	scripts/run-guest --variant $(VARIANT) --shell
