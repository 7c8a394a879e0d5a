"""Sources: files a kit is made of, read into plain data that remembers file:line:col.

Layer: sources (above core only): the one door through which a project's files are read (`files`).
"""
from typing import Any

from .locator import Locator, LocatorRegistry
from .yamlsrc import load_yaml

__all__ = ["Locator", "LocatorRegistry", "load_yaml", "parse_yaml"]


def __getattr__(name: str) -> Any:
    if name == "parse_yaml":  # imported on demand: it loads PyYAML
        from .yamlparse import parse_yaml

        return parse_yaml
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
