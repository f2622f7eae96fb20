"""Run every benchmark (or the ones named) and print their figures: `make bench [ARGS=core]`.

Each `bench_<name>.py` beside this file has a `main()` that prints a table. Figures are measured
here and now; nothing is asserted.
"""
import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).parent


def main(names: list[str]) -> None:
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if names and name not in names:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"== {name} ==")
        module.main([])  # each script's own defaults
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
