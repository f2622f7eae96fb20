"""Reusable pieces of the touchscreen UI: big buttons and tabs, banners, seat chips, a track drawn
like the ring, the ring preview, QR codes."""
