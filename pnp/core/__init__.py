"""pnp's leaves: what every stage may import, and which imports no other part of pnp.

Layer: core (the bottom). `errors` (the problem value and how it is shown), `report` (a kit's
report), `options` (a build's options), `fileio` (confined, recorded and atomic file access),
`discover` (where a project's kits are) and `blocks` (a rulebook's blocks, data only: read by
`sources/`, typeset by `layout/`) depend on the standard library and on each other only.
"""
