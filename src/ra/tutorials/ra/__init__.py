"""The Ra tutorial (`TUTORIAL`): epoch 1 and its scoring (`epoch1`), epochs 2 and 3 and the final scoring."""

from ra.tutorials.ra.epochs2_3 import TUTORIAL

__all__ = ["TUTORIAL"]
