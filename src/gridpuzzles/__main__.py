"""`python -m gridpuzzles` runs the `gridpuzzles` command."""

import sys

from gridpuzzles.cli.main import main

sys.exit(main())
