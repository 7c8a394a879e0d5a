"""The model stage: validated models of kits, layouts and the project's fonts file.

Layer: model (above sources and core; below rules, layout and everything after). Plain data read
by `pnp.sources` becomes frozen, typed models here (`schema.py`, pnp's validation core: unknown
keys refused, every problem located), with layout inheritance, generated cards and declared
checks. Nothing here lays out, draws or writes.
"""
