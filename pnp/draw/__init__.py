"""The draw stage: the only code that calls ReportLab's canvas.

Layer: draw (above layout, model, sources and core; below output's users: the pipeline, the
exports, the lab report, the calibration sheet). Painters turn layout's positioned items into PDF
operators, faces into imposed sheets, tiles, tuck boxes, form fields and charts; layout's top-down
coordinates become PDF's bottom-up ones here and nowhere else. No geometry is decided here.
"""
