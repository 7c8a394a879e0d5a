"""The interface between a kit and the rules model of its game.

Contract: a rules model is a `RulesModel` registered under a name (`rules: {model: NAME}` in a
kit's game.yaml). It declares a `Params` model (pnp.model.schema) for the rule parameters that live in the
kit (unknown keys refused), `check(kit, params)` returns the problems of the kit against the game's
rules (inventory, invariants, play-outs), and `tables(kit, params)` returns the tables that printed
material shows (a scoring table, a penalty scale), by name; layouts bind them as `rules.NAME`.
`playtest(kit, params, players, games, seed)`, when a model has it, plays random games with the
kit's material and returns a line of statistics (`pnp playtest`).
Rules code cites the rule it implements in a comment: `# rules: <section>`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, ClassVar

from ..model.schema import Model

from ..errors import Problem

if TYPE_CHECKING:  # pragma: no cover
    from ..model.kit import Kit


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


@dataclass
class RulesModel:
    """A named rules model. `check` and `tables` receive the kit and its validated params."""

    name: str
    summary: str
    params: type[Params] = Params
    check: Callable[["Kit", Params], list[Problem]] = lambda kit, params: []
    tables: Callable[["Kit", Params], dict[str, Table]] = lambda kit, params: {}
    # play-outs: (kit, params, players, games, seed) -> one line of statistics; None: no play-outs
    playtest: Callable[["Kit", Params, int, int, int], str] | None = None
    registry: ClassVar[dict[str, "RulesModel"]] = {}
    extra: dict = field(default_factory=dict)


def register(model: RulesModel) -> RulesModel:
    RulesModel.registry[model.name] = model
    return model
