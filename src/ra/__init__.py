"""ra: Reiner Knizia's Ra and RA and Write — rules engines, bots, a browser table and research tooling."""

__version__ = "0.1.0"
