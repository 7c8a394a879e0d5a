"""Sources: files a kit is made of, read into plain data that remembers file:line:col."""
from .locator import Locator, LocatorRegistry
from .yamlsrc import load_yaml, parse_yaml

__all__ = ["Locator", "LocatorRegistry", "load_yaml", "parse_yaml"]
