"""The Flet touchscreen UI: `ui.app.serve()` serves it to a browser (the Pi's Chromium in kiosk mode)."""
