"""The layout stage: pure geometry, from models to positioned items (`items.py`).

Layer: layout (above model, sources and core; beside rules; below draw and the pipeline). Text
fitting, faces, tables, imposition, gutters, marks, tiling, tuck-box nets, legibility checks.
Rules that hold it (tests/test_layers.py, import-linter): no ReportLab canvas (`reportlab.pdfgen`:
ReportLab's font metrics only, `pdfmetrics`), no drawing (pnp.draw) and nothing above; fonts come
from a `model.fonts.FontsFile` handed to the `FontBook`, never read here.
"""
