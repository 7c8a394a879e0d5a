"""Rule parameters of Clochemerle that may live in the kit (`rules: {model: clochemerle, ...}`).

Contract: `Params` is a strict, frozen model (pnp.model.schema) (unknown keys refused, no coercion); every
default is the value of the French rules v1.0, quoted next to it. `check.py` compares the printed
material with these values and derives the invariants from them.
"""
from __future__ import annotations

from pnp.rules import Field, Params as BaseParams, model_validator


class Params(BaseParams):
    """The numbers of the rules (not the designed numbers of the cards, which are material)."""

    # rules: Caractéristiques — "Jeu de placement d'ouvrier pour 3 à 6 joueurs"
    players_min: int = Field(default=3, ge=1)
    players_max: int = Field(default=6, ge=1)
    # rules: Matériel — "Une échelle de temps de 52 semaines"; trimestres of 13 weeks
    quarters: int = Field(default=4, ge=1)
    weeks_per_quarter: int = Field(default=13, ge=1)
    # rules: Matériel — "8 pions « + » verts et 4 pions « – » rouges", "Un pion « N »"
    plus_tokens: int = Field(default=8, ge=0)
    minus_tokens: int = Field(default=4, ge=0)
    new_row_tokens: int = Field(default=1, ge=0)
    # rules: Matériel — "12 petits dés à 6 faces"
    dice: int = Field(default=12, ge=0)
    # rules: Matériel — "Onze pions par joueur. Un pour compter le temps écoulé et 10 pour se placer"
    pawns_per_player: int = Field(default=11, ge=1)
    placement_pawns: int = Field(default=10, ge=1)
    colours: int = Field(default=6, ge=1)
    # rules: Matériel — "9 cartes clochemerle", "Deux cartes pour chacun des 6 lieux"
    event_cards: int = Field(default=9, ge=1)
    cards_per_place: int = Field(default=2, ge=1)

    @model_validator(mode="after")
    def _players_in_order(self) -> "Params":
        if self.players_min > self.players_max:
            raise ValueError(f"players_min {self.players_min} is more than players_max {self.players_max}")
        return self

    @property
    def weeks(self) -> int:
        """Length of the year on the time track ("fin" is the last week)."""
        return self.quarters * self.weeks_per_quarter

    @property
    def player_counts(self) -> range:
        return range(self.players_min, self.players_max + 1)
