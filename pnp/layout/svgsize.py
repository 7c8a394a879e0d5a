"""The natural size of an SVG file, read from its root element without rendering it.

Contract: `svg_size(path)` returns (width, height) in points from `viewBox` (preferred) or
`width`/`height`; raises ValueError on a file that is not an SVG document.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..model.units import UNITS

_NUMBER = re.compile(r"^\s*([0-9.]+)\s*(px|pt|mm|cm|in)?\s*$")
_TO_PT = {None: 0.75, "px": 0.75, **UNITS}  # a CSS pixel (and a bare number) is 0.75 pt


def svg_size(path: str) -> tuple[float, float]:
    root = ET.parse(path).getroot()
    if not root.tag.endswith("svg"):
        raise ValueError("not an SVG document")
    box = root.get("viewBox")
    if box:
        parts = [float(p) for p in box.replace(",", " ").split()]
        if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
            return parts[2], parts[3]
    return _length(root.get("width")), _length(root.get("height"))


def _length(text: str | None) -> float:
    match = _NUMBER.match(text or "")
    if not match:
        raise ValueError("the SVG has neither a viewBox nor a width and height")
    return float(match.group(1)) * _TO_PT[match.group(2)]
