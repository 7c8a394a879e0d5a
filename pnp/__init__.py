"""pnp: print-and-play material from YAML kits, checked against the game's rules."""
__version__ = "0.1.0"
