"""The benchmark scripts still run (on tiny sizes): figures are measured on demand, never asserted,
but a script that rotted would measure nothing when someone needs it."""
import importlib.util
import pathlib

import pytest

BENCHMARKS = pathlib.Path(__file__).resolve().parent.parent / "benchmarks"

TINY = {
    "core": ["--events", "300", "--requests", "5", "--starts", "1"],
    "firmware": ["--frames", "5"],
    "ring": ["--changes", "5", "--replugs", "1"],
    "hardware": ["--presses", "3", "--scans", "2", "--looks", "3"],
    "gestures": [],
    "speech": ["--games", "bigbang", "--languages", "ru", "--examples", "1"],
    "ui": ["--scans", "2", "--steps", "20", "--starts", "1"],
    "dungeontwister": ["--steps", "40", "--samples", "3", "--fights", "2"],
    "munchkin": ["--steps", "30"],
    "eldersign": ["--adventures", "1", "--pools", "5G", "--clues", "0", "--worst", "0", "--typical", "1", "--loads", "2"],
}


@pytest.mark.parametrize("name", sorted(TINY))
def test_the_benchmark_runs_and_prints_figures(name, capsys):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"bench_{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(TINY[name])
    out = capsys.readouterr().out
    assert " ms" in out or "skipped" in out


def test_every_benchmark_script_is_smoke_tested():
    assert {p.stem.removeprefix("bench_") for p in BENCHMARKS.glob("bench_*.py")} == set(TINY)
