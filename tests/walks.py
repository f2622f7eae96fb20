"""Legal random games of every game, from tools/fault_suite.py (its `walk`), for tests that need a
game well under way without scripting one."""
from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

ROOT = pathlib.Path(__file__).resolve().parent.parent


def fault_suite() -> ModuleType:
    """tools/fault_suite.py, loaded once."""
    if "fault_suite" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fault_suite", ROOT / "tools" / "fault_suite.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules["fault_suite"]
