"""Reusable pieces of the touchscreen UI: the moon track and ring preview, big buttons, banners."""
