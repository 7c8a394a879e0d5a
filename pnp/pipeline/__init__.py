"""One kit's run, and the run over a project's kits: load, rules, lay out, draw, save.

Layer: pipeline (above sources, model, rules, layout, draw and output; below the build's entry
points, the incremental build, the resident watcher, the exports and the command line, which it
never imports). `project.check` / `project.build` run kits (`session`: what a run shares across
kits); `kitrun.KitRun` is one kit's run, which lays out and draws each component of the component
table (`components.KINDS`: `deck` with `gutters`, `sheet` with `tiled` and their `pages`, `tuckbox`)
through a `context.KitContext`, faces laid out by `faces`; `memo` is the protocol a memory of
components (the watcher's) implements. docs/ARCHITECTURE.md draws the map. Importing the package
loads nothing: its modules are imported by name.
"""
