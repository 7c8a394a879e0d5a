"""The interface between a kit and the rules model of its game.

Contract: a rules model is a `RulesModel` that a kit's model file names `model` (`rules: {model:
PATH}` in the kit's game.yaml; see loader.py). It declares a `Params` model (pnp.model.schema) for
the rule parameters that live in the kit (unknown keys refused). `read(kit, params)` returns what
the model reads from the kit (its material; by default the kit itself) with the problems of reading
it (absent components, data of the wrong shape), the material None when it is unusable; it runs once
per build. `check(material, params)` returns the problems of that material against the game's rules
(inventory, invariants, play-outs); `tables(material, params)` returns the tables that printed
material shows (a scoring table, a penalty scale), by name, and must accept a None material; layouts
bind them as `rules.NAME`. Among them, a `str` is a printed text (wording that depends on a value:
"aucune carte", "1 carte forme le marché"), bound as `{rules.NAME}`, and an `int` a whole number the
model's code holds (a rule constant such as a bonus, `{rules.mairie_bonus}`), printed and watched
for drift like a parameter; the parameters themselves are
`{rules.NAME}` values too (printed.py). `playout(material, params)`, when a model has play-outs,
returns a `Playout` (playout.py) that plays one game at a time with the kit's material (`pnp
playtest`, and the short play-outs of `pnp check`).
`seats(material, params)` returns the `Seats` the material and the model allow (a board's sides,
pawn colours, the deal, the player counts the model plays); the engine holds the kit's `players`
range to them (generic.py), with the player columns of its score sheets.
Helpers shared by the models: `component(kit, kind, name, param, what)` finds a deck or sheet the
params name (or the problem that it is absent, with a suggestion), `cards_ref(deck)` is where a
deck's cards are written (for a problem about cards that are missing), `sheet_fields(sheet, keys)` reads
values of a sheet's first page with their `Ref`, `where_path(where)` turns a problem's `where`
("rules.seats[0]") into the key path of a `Ref`.
Rules code cites the rule it implements in a comment: `# rules: <section>`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Literal, Mapping, TypeVar, cast, overload

from ..core.errors import PathPart, Problem, Ref, suggest
from ..core.lazyre import lazy
from ..model.schema import Model

if TYPE_CHECKING:  # pragma: no cover
    from ..model.kit import Deck, Kit, Sheet
    from .drift import Feature
    from .playout import Playout


class Params(Model):
    """Base of every rules model's parameters: strict, frozen, unknown keys refused."""

    model_config = {"strict": True}


@dataclass(frozen=True)
class Table:
    """A printed table: a header row and body rows of text (cells may hold inline markup)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""
    notes: tuple[str, ...] = ()

    def as_text(self) -> str:
        lines = [" | ".join(self.header)] if self.header else []
        lines += [" | ".join(row) for row in self.rows]
        return "\n".join(lines)


@dataclass(frozen=True)
class Seats:
    """How many players something allows: `low` to `high` (None: no bound that way); `what` names
    it for the message ("the board has 4 start sides", "the score sheet 'score' prints 6 player
    columns")."""

    what: str
    high: int | None = None
    low: int | None = None


M = TypeVar("M")  # what the model reads from the kit: its material
P = TypeVar("P", bound=Params)  # the model's parameters


def _no_problems(material: Any, params: Any) -> list[Problem]:
    return []


def _no_tables(material: Any, params: Any) -> Mapping[str, "Table | str | int"]:
    return {}


def _no_seats(material: Any, params: Any) -> list[Seats]:
    return []


def _the_kit(kit: "Kit", params: Any) -> tuple[Any, list[Problem]]:
    return kit, []


@dataclass
class RulesModel(Generic[M, P]):
    """A rules model: `read` once, then `check`, `tables` and `playout` on what it read. `name` and
    `summary` say what it is (the game, in a few words). Generic in its material `M` (what `read`
    returns: the kit itself by default) and its parameters `P`, so that the type checker holds every
    function a kit hands it to one signature: `check(material: M, params: P)`, `tables(material: M |
    None, params: P)` and so on (tests/test_types.py runs mypy over the shipped kits' models)."""

    name: str
    summary: str
    params: type[P] = cast(Any, Params)
    check: Callable[[M, P], list[Problem]] = _no_problems
    # what the material prints: tables, texts and whole numbers (rule constants), by name
    tables: Callable[[M | None, P], Mapping[str, "Table | str | int"]] = _no_tables
    # play-outs: (material, params) -> a Playout that plays one game at a time; None: no play-outs
    playout: Callable[[M, P], "Playout"] | None = None
    read: Callable[["Kit", P], tuple[M | None, list[Problem]]] = cast(Any, _the_kit)
    seats: Callable[[M, P], list[Seats]] = _no_seats
    # rules that the material or params may turn off, and the printed words that depend on them (drift.py)
    features: tuple["Feature", ...] = ()

    def checked(self, kit: "Kit", params: P) -> tuple[M | None, list[Problem]]:
        """The material read from `kit` (None when unusable) and every problem: reading's, then checks'."""
        material, problems = self.read(kit, params)
        return material, problems + (self.check(material, params) if material is not None else [])


@overload
def component(kit: "Kit", kind: Literal["deck"], name: str, param: str,
              what: str) -> tuple["Deck | None", list[Problem]]: ...
@overload
def component(kit: "Kit", kind: Literal["sheet"], name: str, param: str,
              what: str) -> tuple["Sheet | None", list[Problem]]: ...
def component(kit: "Kit", kind: Literal["deck", "sheet"], name: str, param: str,
              what: str) -> tuple["Deck | Sheet | None", list[Problem]]:
    """The kit's deck or sheet `name` (named by `rules.params.<param>`, holding `what`), or the problem
    that the kit has none, at the kit's components, with the closest name it has."""
    found = kit.deck(name) if kind == "deck" else kit.sheet(name)
    if found is not None:
        return found, []
    known = [c.name for c in (kit.decks if kind == "deck" else kit.sheets)]
    return None, [Problem(f"the kit has no {kind} named {name!r} for {what} (list its file in components, or "
                          f"set rules.params.{param})", f"rules.{param}", kit.game_ref.child("components"),
                          got=name, suggestion=suggest(name, known))]


def cards_ref(deck: "Deck") -> Ref:
    """Where a deck's cards are written: its data file, rows, generators or entries (the first it has)."""
    spec = deck.spec
    key = next(k for k, v in (("data", spec.data), ("rows", spec.rows), ("generate", spec.generate),
                              ("cards", spec.cards)) if v is not None)
    return deck.ref.child(key)


def sheet_fields(sheet: "Sheet", keys: tuple[str, ...]) -> tuple[dict[str, object], Ref]:
    """The values of `keys` on a sheet's first page (its own fields over the sheet's), and the `Ref`
    of the mapping that declares them: the first page's `fields` when it names one of them."""
    fields = sheet.pages[0].fields
    own = sheet.spec.pages[0].fields if sheet.spec.pages else {}
    path = ("pages", 0, "fields") if any(key in own for key in keys) else ("fields",)
    return {key: fields[key] for key in keys if key in fields}, sheet.ref.child(*path)


_PART = lazy(r"\[(\d+)\]|([^.\[\]]+)")


def where_path(where: str) -> tuple[PathPart, ...]:
    """The key path a `where` names: "rules.seats[0]" -> ("rules", "seats", 0); "rules.x.3" ->
    ("rules", "x", 3) (a part of digits is a list index or an integer key, such as a die face)."""
    return tuple(int(part) if part.isdigit() else part
                 for index, key in _PART.findall(where) for part in (index or key,))

