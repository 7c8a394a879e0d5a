"""The source's worked example (Albert, Béatrice, Caroline), played by the model with the kit's values.

Contract: `example_values(params)` plays the example's throws and choices, as the source tells them
(`CAROLINE`, `ALBERT`, `BEATRICE`: the test data of tests/rules/test_dixmille_turn.py), through the
model's own game (`Game`, scripted dice and decisions) with the kit's parameters, and returns the
numbers the rulebook prints, by name (`example.caroline.1` … the running totals, `example.caroline`
the score written, `example.beatrice` her score and offer, …), so that the example follows a tweak.
`example_fits(params)` says whether the example still goes as the source tells it with those values:
every throw keeps the same dice in the same combinations, and each player stops, goes on, accepts
and loses where the source says. The rulebook prints the example only then (the feature
`worked_example`); otherwise `example_values` gives what it can (nothing when the throws no longer
fit the turn: a throw of the wrong number of dice).
"""
from __future__ import annotations

from .game import Game, TurnReport, scripted_strategy
from .params import DixMilleParams
from .turn import Offer, TurnRecord, scripted

# rules: Exemple — "Albert 350, Béa 400 et Caroline n'a pas encore joué 0. Béatrice vient de faire un brelan
# de 3 et un 1, elle tend un dé à Caroline « 400 pts, un dé ? »" (seats: Albert 0, Béatrice 1, Caroline 2)
ALBERT_SCORE = 350
BEATRICE_DICE = (3, 3, 3, 1)  # her turn, kept: a brelan of 3 and a 1; one die left to offer
# rules: Caroline refuses the challenge and throws 5 dice, then stops with one die left
CAROLINE = ((5, 5, 4, 4, 3), (5, 2, 2), (5, 3), (1,), (6, 6, 4, 3, 1), (5, 5, 3, 1))
CAROLINE_STOPS = (False, False, False, False, True)  # asked after each throw that allows stopping
# rules: Albert takes the die; after the straight and the brelan of 1 he stops, two dice left
ALBERT = ((5,), (1, 2, 3, 4, 5), (4, 4, 1, 1, 1))
ALBERT_STOPS = (True,)
BEATRICE = ((4, 3),)  # rules: "Béatrice prend les deux dés : 4 3, rien du tout"


def _play(params: DixMilleParams) -> tuple[int, tuple[TurnReport, TurnReport, TurnReport]]:
    """Béatrice's offer and the three turns of the example (ValueError when the throws do not fit)."""
    beatrice = params.kind_value(3, 3) + params.single_one
    dice = scripted(CAROLINE + ALBERT + BEATRICE)
    strategies = [scripted_strategy(stops=ALBERT_STOPS, accepts=[True]), scripted_strategy(accepts=[True]),
                  scripted_strategy(stops=CAROLINE_STOPS, accepts=[False])]
    game = Game(params, 3, dice, strategies, scores=(ALBERT_SCORE, beatrice, 0), current=2,
                offer=Offer(beatrice, 1))
    return beatrice, (game.play_turn(), game.play_turn(), game.play_turn())


def example_values(params: DixMilleParams) -> dict[str, int]:
    """The example's numbers with the kit's values, by the name the rulebook prints them under."""
    try:
        beatrice, (caroline, albert, _) = _play(params)
    except ValueError:  # the scripted throws no longer fit the turns: nothing to tell
        return {}
    out = {"example.albert.start": ALBERT_SCORE, "example.beatrice": beatrice}
    out |= _totals("caroline", caroline.record) | _totals("albert", albert.record)
    last = caroline.record.outcomes[-1]
    out["example.caroline.gain"] = last.gained
    out["example.caroline"] = caroline.record.points
    out["example.albert"] = albert.written if albert.written is not None else ALBERT_SCORE
    return out


def _totals(name: str, record: TurnRecord) -> dict[str, int]:
    """The turn's points after each throw: `example.NAME.1`, `.2`, … (the offered points included)."""
    return {f"example.{name}.{number}": outcome.state.points for number, outcome in enumerate(record.outcomes, 1)}


def example_fits(params: DixMilleParams) -> bool:
    """Whether the example goes as the source tells it (the same dice kept in the same combinations,
    the same stops and losses) with `params` as with the source's values."""
    try:
        return _course(_play(params)[1]) == _course(_play(DixMilleParams())[1])
    except ValueError:
        return False


def _course(turns: tuple[TurnReport, ...]) -> list[object]:
    """What a reader follows of the turns, beside the points: each throw's kept dice and combinations,
    whether it lost or had to re-throw, and the dice each player offered."""
    return [(tuple((o.state.kept, o.lost, o.must_rethrow, tuple((g.kind, g.faces) for g in o.set_score.groups))
                   for o in turn.record.outcomes), turn.record.offer.dice if turn.record.offer else None)
            for turn in turns]
