"""Shared by the fake machine and neopixel modules: appends one event per line to the file named
by $RING_FAKE_LOG (nothing is printed: stdout is the protocol channel)."""
import os

_path = os.getenv("RING_FAKE_LOG")
_file = open(_path, "a") if _path else None


def log(line):
    if _file is not None:
        _file.write(line + "\n")
        _file.flush()
