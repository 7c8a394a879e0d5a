"""`python -m pnp` runs the command line."""
from .cli import run

run()
