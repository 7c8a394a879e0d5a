"""One kit's run, and the run over a project's kits: load, rules, lay out, draw, save.

Layer: pipeline (above sources, model, rules, layout, draw and output; below the incremental
build, the resident watcher, the exports and the command line, which it never imports).
`project.check` / `project.build` run kits; `kitrun.KitRun` is one kit's run; `session` holds what
a run shares across kits. Importing the package loads nothing: its modules are imported by name.
"""
