"""What the start-up figures share: a child process as an installed companion starts, with its modules'
bytecode cached (pip compiles it on install, and Python keeps what it compiles in `__pycache__`, which
git ignores). A shell with PYTHONDONTWRITEBYTECODE set would otherwise compile every module at every
start — about a third more instructions to the first reply — and time a start no Pi ever makes."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def compile_bytecode() -> None:
    """Write the bytecode of the companion's packages, once (a no-op when it is there and fresh)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", *(str(ROOT / p) for p in ("companion", "entry", "hardware", "ui"))],
                   check=True, env=child_env())


def timed_run(command: list[str], stdin: str = "") -> tuple[float, float]:
    """Wall and CPU seconds (the child's user + system) of one run of `command` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, input=stdin, capture_output=True, text=True, check=True, env=child_env(), cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def cpu_seconds(pid: int) -> float:
    """User + system CPU a running process has used so far (/proc/<pid>/stat, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
