import sys

from entry.cli import main

sys.exit(main())
