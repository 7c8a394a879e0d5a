"""Pictures (PNG and JPEG) read as untrusted input: decoded whole once, so a build never meets a bad one.

Contract: `picture_info(path)` reads a picture file (a path already confined to the project) through
`pnp.sources.files` and answers `(PictureInfo, digest)`: its format, mode and pixel size, once the
whole picture has been decoded; `probe_bytes(data, name)` does the same for bytes (an SVG's
embedded `data:` picture). Anything else raises `PictureError`, a message naming the file: not PNG
or JPEG, truncated or damaged (Pillow cannot decode every pixel), no pixels, or more than
`MAX_PIXELS`, refused before decoding (Pillow's own decompression-bomb warning is never printed). Verdicts are kept by digest in memory and, outside
read-only runs, in the user's cache (`<cache>/pictures/<digest>.json`: plain JSON, checked when
read and against the picture's header, a damaged or crafted entry decoded again), so a picture is
decoded in full once, not at every build.
"""
from __future__ import annotations

import io
import json
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.fileio import cache_folder, digest, read_cached, write_atomic, writes_allowed
from .files import InputError, input_digest, read_input

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image

FORMATS = ("PNG", "JPEG")
MAX_PIXELS = 80_000_000  # below Pillow's decompression-bomb warning (89 MP)
_KNOWN: dict[str, "PictureInfo"] = {}


class PictureError(InputError):
    """A picture that cannot be drawn; `str()` says which and why."""


@dataclass(frozen=True)
class PictureInfo:
    format: str
    mode: str
    width: int
    height: int


def picture_info(path: Path) -> tuple[PictureInfo, str]:
    sha = input_digest(path)  # (the file read once per version of it, not at every use)
    found = _KNOWN.get(sha)
    if found is None:
        found = _cached(sha)
        found = found if found is not None and _header(path) == found else None  # a crafted verdict: decoded
    if found is None:
        data = read_input(path)
        sha = digest(data)
        found = probe_bytes(data, Path(path).name)
        _store(sha, found)
    _KNOWN[sha] = found
    return found, sha


def probe_bytes(data: bytes, name: str) -> PictureInfo:
    from PIL import Image

    try:
        with warnings.catch_warnings():  # Pillow's DecompressionBombWarning: pnp says it, with the size
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            return _probe(Image.open(io.BytesIO(data)), name)
    except PictureError:
        raise
    except Image.DecompressionBombError:  # more than twice Pillow's limit: refused as it opened
        raise PictureError(f"{name} has more than {MAX_PIXELS:,} pixels; pnp draws 1 to {MAX_PIXELS:,} pixels") from None
    except Image.UnidentifiedImageError:
        raise PictureError(f"{name} is not a PNG or JPEG picture (or it is damaged)") from None
    except Exception as exc:  # Pillow raises OSError, SyntaxError, ValueError... on a bad file
        raise PictureError(f"cannot read {name}: {_reason(exc)}") from None


def _probe(opened: Image.Image, name: str) -> PictureInfo:
    with opened as img:
        kind, mode, width, height = img.format or "", img.mode, img.width, img.height
        if kind not in FORMATS:
            raise PictureError(f"{name} is {kind or 'no picture format pnp knows'}, not PNG or JPEG")
        if width < 1 or height < 1 or width * height > MAX_PIXELS:
            raise PictureError(f"{name} has {width} × {height} pixels; pnp draws 1 to {MAX_PIXELS:,} pixels")
        img.load()  # every pixel: a truncated or damaged file fails here, not in the build
    return PictureInfo(kind, mode, width, height)


def _header(path: Path) -> PictureInfo | None:
    """What the picture's header says (format, mode, size: read without decoding), to check a cached
    verdict against; None when it cannot be read."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as img:
                return PictureInfo(img.format or "", img.mode, img.width, img.height)
    except Exception:  # any reason: the picture is then decoded whole, and its problem reported
        return None


def _reason(exc: Exception) -> str:
    text = str(exc)
    if "truncated" in text:
        return "the file is truncated"
    return text[:100] or type(exc).__name__


def _entry(sha: str) -> Path:
    return cache_folder("pictures") / f"{sha}.json"


def _cached(sha: str) -> PictureInfo | None:
    try:
        data = json.loads(read_cached(_entry(sha), 4096))
        info = PictureInfo(**data)
    except (OSError, ValueError, TypeError, RecursionError):
        return None
    ok = info.format in FORMATS and isinstance(info.mode, str) and all(
        type(v) is int and 0 < v for v in (info.width, info.height)) and info.width * info.height <= MAX_PIXELS
    return info if ok else None


def _store(sha: str, info: PictureInfo) -> None:
    if writes_allowed():
        try:
            write_atomic(_entry(sha), json.dumps(asdict(info)).encode())
        except OSError:
            pass  # only slower next time
