#!/bin/sh
# The touchscreen: Chromium in kiosk mode on the companion's web UI. Run it from the desktop session
# of the user logged in on the screen (Raspberry Pi OS Bookworm, labwc / Wayfire / X11), e.g. from
# ~/.config/labwc/autostart:   /opt/table-companion/deploy/kiosk.sh &
# (Unverified on hardware.)
URL="${COMPANION_URL:-http://127.0.0.1:8550}"
PROFILE="${XDG_CONFIG_HOME:-$HOME/.config}/table-companion-kiosk"

# Screen blanking off where this session lets a client do it (X11). Under Wayland (labwc, Wayfire),
# use `sudo raspi-config nonint do_blanking 1` (see deploy/README.md).
if [ -n "$DISPLAY" ] && [ -z "$WAYLAND_DISPLAY" ] && command -v xset >/dev/null 2>&1; then
    xset s off; xset s noblank; xset -dpms
fi

BROWSER=$(command -v chromium-browser || command -v chromium)
if [ -z "$BROWSER" ]; then
    echo "kiosk.sh: no chromium-browser or chromium; sudo apt install chromium-browser" >&2
    exit 1
fi

# Chromium starts at once, on a page of its own that says the companion is starting and opens the
# companion's page as soon as it answers (deploy/starting.html): the two start side by side.
STARTING="file://$(cd "$(dirname "$0")" && pwd)/starting.html?url=$URL"

while true; do
    "$BROWSER" --kiosk "$STARTING" \
        --user-data-dir="$PROFILE" \
        --ozone-platform-hint=auto \
        --noerrdialogs --disable-infobars --no-first-run \
        --disable-session-crashed-bubble --disable-features=Translate \
        --password-store=basic \
        --check-for-update-interval=31536000 \
        --overscroll-history-navigation=0 --disable-pinch \
        --touch-events=enabled
    # Chromium ended (crash, or closed by hand): start it again after a breath.
    sleep 2
done
