"""pnp's version, for what must know it below the package's public API (the parse and build caches,
the command line): `__version__`, as pyproject.toml states it."""
__version__ = "0.1.0"
