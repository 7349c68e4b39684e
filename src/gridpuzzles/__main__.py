"""`python -m gridpuzzles` runs the `gridpuzzles` command."""

import sys

from gridpuzzles.cli import main

sys.exit(main())
