"""Make the Ra test helpers importable (tests/ra has no __init__.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
