"""`pnp.core.discover.relative_posix`: pathlib's `relative_to(...).as_posix()` made on the paths' texts
(the confinement checks, the project's display of a path and the kit lookup ask it many times a build),
the same answer as pathlib's for every pair of paths, absolute or relative, `..` and `.` included."""
from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.core.discover import relative_posix

NAMES = st.sampled_from(["a", "b", "ab", "a b", "..", ".", "", "é", "a.b", "-"])
TEXTS = st.builds(lambda lead, names: lead + "/".join(names), st.sampled_from(["", "/", "//", "///", "./"]),
                  st.lists(NAMES, max_size=5))


def pathlib_answer(path: PurePosixPath, root: PurePosixPath) -> str | None:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return None


@settings(max_examples=3000, deadline=None)
@given(TEXTS, TEXTS)
def test_the_same_answer_as_pathlib_for_any_two_paths(path: str, root: str):
    for kind in (PurePosixPath, Path):
        assert relative_posix(kind(path), kind(root)) == pathlib_answer(kind(path), kind(root)), (path, root)


def test_below_at_and_beside_a_root():
    root = Path("/home/designer/proto")
    assert relative_posix(root / "decks" / "jeu" / "game.yaml", root) == "decks/jeu/game.yaml"
    assert relative_posix(root, root) == "."
    assert relative_posix(Path("/home/designer/prototype/x"), root) is None  # (a longer name is no folder below)
    assert relative_posix(Path("/home/designer"), root) is None
    assert relative_posix(Path("decks/jeu"), root) is None  # (relative against absolute: pathlib raises too)
    assert relative_posix(Path("/x"), Path("/")) == "x"


def test_other_flavours_are_left_to_pathlib():
    assert relative_posix(PureWindowsPath("C:/proto/decks"), PureWindowsPath("c:/Proto")) == "decks"
