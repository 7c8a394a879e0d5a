"""`pnp watch`: build the kits on every save, and with --serve show their pages on a local web page.

Contract: `watch` reads the PDF options as `pnp build` does, picks the file watcher
(`pnp.live.changes.watcher`: watchdog's events, or polling with --poll or without watchdog), opens
the preview with --serve (`pnp.live.server.Preview` on 127.0.0.1, the port given or a free one,
printed at start) with the studio (`pnp.live.desk.Studio`: elements inspected and edited in the
page, `pnp check`'s report after each build), and runs `pnp.live.loop.Loop` until Ctrl-C, which ends
it with exit 0. `--editor` (or $PNP_EDITOR) is the URL template the page opens a file:line with.
A bad save is reported and watching goes on; only bad usage ends it (exit 2): a bad option, --serve
without pypdfium2, a port already taken, an editor template that is no URL.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .build import STRICT_HELP
from .common import build_options, kit_project, pdf_options, say

if TYPE_CHECKING:  # pragma: no cover
    from ..core.options import Options
    from ..live.server import Preview


@click.command()
@click.argument("kits", nargs=-1)
@pdf_options
@click.option("--serve", is_flag=True, help="Show the pages and the check report on a local web page.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port of the web page on 127.0.0.1 (0: a free one, printed at start).")
@click.option("--editor", envvar="PNP_EDITOR", default="vscode://file/{path}:{line}:{col}", show_default=True,
              help="The URL the preview opens a file at a line with: {path}, {line} and {col} are filled "
                   "(also $PNP_EDITOR), e.g. 'idea://open?file={path}&line={line}'.")
@click.option("--poll", is_flag=True, help="Look at the files every 0.25 s instead of waiting for file "
                                            "events (for network drives; the default without watchdog).")
@click.option("--strict", is_flag=True, help=STRICT_HELP)
@click.pass_obj
def watch(project: Path, kits: tuple[str, ...], serve: bool, port: int, editor: str, poll: bool, strict: bool,
          **shape: Any) -> None:
    """Build KITS (default: every kit under decks/) now and again on every save.

    Every file a kit's build reads is watched (its YAML, data files, pictures), with the project's
    layouts, fonts and icons. Only the components whose inputs changed are drawn again; a save that
    breaks the kit prints its errors, and the last good PDFs stay. File events and --serve need the
    watch extra (`pip install '.[watch]'` in pnp's folder); without it, files are polled.

    \b
    Examples:
      pnp watch decks/my-game --serve
      pnp watch my-game other-game --paper letter
      pnp watch decks/my-game --serve --port 8765 --backs fold
    """
    project = kit_project(project, kits)
    from ..live.changes import watcher
    from ..live.loop import Loop

    options = build_options(project, **shape, strict=strict)  # --strict: a warning fails the save, as in pnp build
    preview = _preview(port, list(kits), project, options, _editor(editor)) if serve else None
    files = watcher(poll)
    loop = Loop(project, list(kits), options, files, say, preview, preview.checked if preview else None)
    say(f"pnp watch: {', '.join(kits) or 'every kit under decks/'} · {files.describe()} · Ctrl-C stops")
    if preview is not None:
        say(f"preview: {preview.url}")
    try:
        loop.forever()
    except KeyboardInterrupt:
        say("stopped")
    finally:
        files.close()
        if preview is not None:
            preview.close()


EDITOR_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
UNSAFE_SCHEMES = ("javascript", "data", "vbscript", "blob")


def _editor(template: str) -> str:
    """The editor's URL template, checked: a URL of a scheme that opens something, naming {path}."""
    scheme = EDITOR_SCHEME.match(template)
    try:
        filled = template.format(path="/p", line=1, col=1)
    except (KeyError, IndexError, ValueError):
        filled = ""
    if scheme is None or scheme.group(0)[:-1].lower() in UNSAFE_SCHEMES or "{path}" not in template or not filled:
        raise click.BadParameter(f"{template!r} is not an editor URL such as vscode://file/{{path}}:{{line}}:{{col}} "
                                 "(a scheme, {path}, and optionally {line} and {col})", param_hint="--editor")
    return template


def _preview(port: int, kits: list[str], project: Path, options: Options, editor: str) -> Preview:
    try:
        from ..live.desk import Studio
        from ..live.server import Preview

        return Preview(port, kits, Studio(project, options), editor, checks=True)
    except ImportError:
        from ..core.extras import install_hint

        raise click.UsageError(f"--serve renders pages with pypdfium2: {install_hint('watch', 'pypdfium2')}")
    except OSError as exc:
        raise click.BadParameter(f"cannot listen on 127.0.0.1:{port} ({exc.strerror})", param_hint="--port")
