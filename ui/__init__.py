"""The Flet touchscreen UI: a shell that never names a game (ui/views/), what one game draws
(ui/games/<id>/, see ui/games/__init__.py), and small widgets. `ui.server.serve(companion, port, lan)`
serves it to a browser: the Pi's Chromium in kiosk mode, and the players' phones on their seats."""
