import os
import sys

# We use no pydantic plugins: without this, pydantic scans every installed package's entry points at start.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from entry.cli import main

sys.exit(main())
