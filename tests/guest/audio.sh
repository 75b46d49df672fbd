# shellcheck shell=sh
# Sourced by the audio cases: a USB Audio Class 2 gadget (f_uac2, made
# through configfs by hand like iso.sh's) that snd-usb-audio binds to on
# the host side, and the two ALSA cards it makes: the host's, whose
# playback reaches the gadget's capture, and the gadget's, whose
# playback reaches the host's capture. pcmstream moves a counting
# signal through either way.

AU_G=/sys/kernel/config/usb_gadget/uac-lab
AU_F=$AU_G/functions/uac2.lab
AU_C=$AU_G/configs/c.1
AU_RATE=48000
AU_CHANNELS=2

au_require() {
	[ -d /sys/module/snd_usb_audio ] || fail "no snd-usb-audio in this kernel"
	command -v pcmstream >/dev/null || fail "no pcmstream in the guest"
	trap 'au_down' EXIT
}

# SPEED: the gadget made and bound, snd-usb-audio's card on the host;
# sets AU_DEV (the host's device), AU_HOST (its card's number) and
# AU_GADGET (the gadget's card's number)
au_up() {
	[ -d "$AU_G" ] && au_down
	mkdir "$AU_G" "$AU_F" "$AU_C" || fail "make the uac-lab gadget in configfs"
	# the Linux Foundation's audio gadget ids
	echo 0x1d6b >"$AU_G/idVendor" && echo 0x0101 >"$AU_G/idProduct" &&
		echo "$1" >"$AU_G/max_speed" || fail "the audio gadget's ids at $1"
	for _d in c p; do
		echo "$AU_RATE" >"$AU_F/${_d}_srate" &&
			echo $(((1 << AU_CHANNELS) - 1)) >"$AU_F/${_d}_chmask" &&
			echo 2 >"$AU_F/${_d}_ssize" || fail "f_uac2's ${_d}_ stream: $AU_RATE Hz, $AU_CHANNELS x 16 bits"
	done
	ln -s "$AU_F" "$AU_C/" || fail "link uac2 into the configuration"
	iso_udc >"$AU_G/UDC" || fail "bind uac-lab to the UDC"
	lab_wait_cmd 10000 au_host_card || fail "snd-usb-audio made no card for the audio gadget at $1"
	AU_DEV=$(au_device)
	AU_HOST=$(au_host_card)
	AU_GADGET=$(au_gadget_card) || fail "f_uac2 made no ALSA card"
	lab_log "$AU_DEV: host card $AU_HOST, gadget card $AU_GADGET, $AU_RATE Hz, $AU_CHANNELS channels"
}

# the host's device with the audio gadget's ids, configured
au_device() {
	for _d in "$SYS_USB"/*; do
		[ "$(cat "$_d/idVendor" 2>/dev/null):$(cat "$_d/idProduct" 2>/dev/null)" = 1d6b:0101 ] &&
			[ -n "$(cat "$_d/bConfigurationValue" 2>/dev/null)" ] &&
			basename "$_d" && return 0
	done
	return 1
}

# the number of the card snd-usb-audio made on the device's interfaces
au_host_card() {
	_dev=$(au_device) || return 1
	for _c in "$SYS_USB/$_dev":*/sound/card*; do
		[ -e "$_c" ] && echo "${_c##*/card}" && return 0
	done
	return 1
}

# the card no USB interface owns: f_uac2's, on the gadget
au_gadget_card() {
	for _c in /sys/class/sound/card*; do
		[ -e "$_c" ] || continue
		case $(readlink -f "$_c/device") in
		*/usb[0-9]*) ;;
		*) echo "${_c##*/card}" && return 0 ;;
		esac
	done
	return 1
}

au_down() {
	[ -d "$AU_G" ] || return 0
	echo "" >"$AU_G/UDC" 2>/dev/null
	rm -f "$AU_C/uac2.lab"
	rmdir "$AU_C" "$AU_F" "$AU_G" 2>/dev/null
	[ ! -d "$AU_G" ] || fail "the uac-lab gadget would not go"
}

# pcmstream's KEY from its output line OUT: au_field OUT KEY
au_field() {
	echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"
}
