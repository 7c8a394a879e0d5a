"""The designer's evening loop: `pnp watch` and its preview page.

Contract: `changes.py` tells which files changed (watchdog's file events, or polling when watchdog is
missing or asked against); `loop.py` rebuilds the watched kits on every change through a resident
build (`pnp.resident`, the incremental path `pnp build` takes) and reports what changed and the
check report (and `pnp check`'s, for the preview); `pages.py` keeps the PDFs of the last good builds
(and the one before), renders their pages with pypdfium2 and makes the state the page shows (JSON);
`server.py` serves the page, its assets, the state, the rendered pages, server-sent events and the
studio on 127.0.0.1 only, through `http.py` (asyncio and h11: no thread per client). The studio:
`studio.py` maps a kit's pages to its cards and their elements (the only module that knows the
run), `keys.py` says where each geometry key is written and turns new values into text,
`yamledit.py` writes one value of a YAML text in place, `edits.py` writes files with undo, and
`desk.py` answers the page. The watcher needs nothing beyond the standard library; file events need
watchdog, the preview pypdfium2 and h11 (the `watch` extra).
Layer: live (above the resident build; below the CLI only).
"""
