"""Colour for print services: CMYK through an ICC profile, PDF/X marking, ink limits.

Contract: `convert.CmykInk` turns pnp's sRGB colours and pictures into CMYK through the bundled
profile (`profiles/`, its licence and how it was made beside it), each colour value once, and is
installed as a canvas's colour hook (`output.make_canvas`), so that every colour any drawing code
sets (faces, crop marks, notes, SVG art, recoloured icons) reaches the PDF as CMYK; `pdfx.mark`
makes a canvas's document a PDF/X-4 (output intent, XMP metadata, the Info keys); `findings`
turns what exceeded the ink limit into located warnings. Pillow's LittleCMS (`PIL.ImageCms`)
does the conversions: no system library. Imported only by a CMYK build.
Layer: colour (above layout, model and core; below output, which installs its converter on a
canvas, and the pipeline, which makes it; with draw/ and output.py, the only modules using ReportLab).
"""
