"""A QR code as an image, drawn by segno on the server (no network, no JavaScript library)."""
from __future__ import annotations

import io

import flet as ft
import segno


def qr_png(data: str, scale: int = 4) -> bytes:
    """The QR code of `data` as PNG bytes: black on white with the quiet zone phones need to focus."""
    buffer = io.BytesIO()
    segno.make(data, error="m").save(buffer, kind="png", scale=scale, border=2, dark="#000000", light="#ffffff")
    return buffer.getvalue()


def qr_image(data: str, size: int = 132, label: str = "") -> ft.Control:
    """The QR code of `data`, `size` px square, named for screen readers (the URL itself)."""
    return ft.Semantics(label=label or data, image=True,
                        content=ft.Image(src=qr_png(data), width=size, height=size, fit=ft.BoxFit.CONTAIN,
                                         filter_quality=ft.FilterQuality.NONE))
