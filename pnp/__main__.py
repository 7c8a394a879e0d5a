"""`python -m pnp` runs the command line."""
from .cli import main

main()
