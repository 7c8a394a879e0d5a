"""The designer's evening loop: `pnp watch` and its preview page.

Contract: `changes.py` tells which files changed (watchdog's file events, or polling when watchdog is
missing or asked against); `loop.py` rebuilds the watched kits on every change through a resident
build (`pnp.resident`, the incremental path `pnp build` takes) and reports what changed and the
check report; `pages.py` keeps the PDFs of the last good builds, renders their pages with
pypdfium2 and makes the state the page shows (JSON); `server.py` serves the page, its assets, the
state, the rendered pages and server-sent events on 127.0.0.1 only. The watcher needs nothing
beyond the standard library; file events need watchdog and the preview pypdfium2 (the `watch` extra).
Layer: live (above the resident build; below the CLI only).
"""
