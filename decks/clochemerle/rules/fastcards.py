"""Place cards as numbers for fast play-outs (fastyear.py): decisions, effects and values on tuples.

Contract: `FastCard(card)` numbers a `PlaceCard`'s cells in reading order (placement.py's
conventions); a card's state is then a tuple of seats by cell (-1: empty), `FastCard.state(pawns,
seats)` converts a `CardState`'s pawns, `pawns(own, names)` converts back; `longest` is the most
weeks a decision on the card may cost. On such tuples:
- `decisions(own, seat)`: placement.decisions as (cell, weeks) pairs, same ones, same order;
  `open_decisions(own)` those of a seat with no pawn on the card, which are every seat's but on the
  boulodrome (its expulsions depend on the seat) and where `one_pawn` bars a seat already there;
  `expels(own, cell, seat)` placement.expels (only the boulodrome expels);
- `apply(own, cell, seat, to)`: placement.apply (the expelled pawn, if any, to cell `to`, -1: left off);
- `value(own, seat, die, sign)`: what scoring.card_score would give the seat, before the quarter's
  factor: the signed points of its place (scoring.place_points) or the malus of an absent player,
  `values(own, seats, die, sign)` every seat's; `expelled_values(own, cell, to, die, sign)` the
  expelled pawn's player's value with the pawn moved to each cell of `to`;
  `points(own, seat)` the unsigned points as `(a, b)`, `a * die + b` whatever the die (None: absent),
  and `worth(points, die, sign)` the value from them; `points_after(own, seat, decisions)` the
  seat's points after each of its decisions (an expelled pawn left off the card); `changes(own, seat,
  decisions, die, sign)` what each decision changes in the seat's value, worth after less worth
  before; on masks (bit i: cell i; `masks(own, seats)`): `scores`, `leaders`, `ranked`, `tally`,
  and the memos shared by the games (`offer`, `outlook`, `memo`, `keys`, `sums`); `shares`: a seat's decisions and changes depend only on whether it has
  a pawn on the card (`seated`: its decisions depend on the seat); `majority(own)` how many seats
  share the mairie's majority (scoring.mairie_majority).
Pure functions of their arguments (tests compare each with placement.py and scoring.py).
"""
from __future__ import annotations

from typing import Callable, Mapping, Sequence, TypeVar

from .placement import DOCTOR_WEEKS, EXPEL_EXTRA_WEEKS, JUMP_WEEKS
from .places import DIE, PlaceCard, Pos
from .scoring import MAIRIE_BONUS, crowd_value

EMPTY = -1
FACTS = 50_000  # the states a card's memos keep
T = TypeVar("T")
V = TypeVar("V")
Decision = tuple[int, int]  # (cell, weeks)
Points = tuple[int, int]  # (a, b): a * die + b points, before the sign
Decisions = tuple[Decision, ...]  # as remembered (tuples: no container for the collector to walk)
Ranking = tuple[tuple[int, ...], Points]  # the decisions of the top worth and the points of one (`ranking`)
# FastCard.outlook: decisions, points after each and before, the most weeks, a Ranking by sign (+, -)
Outlook = tuple[Decisions, tuple[Points, ...], "Points | None", int, "tuple[Ranking | None, Ranking | None]"]


class FastCard:
    """One place card's cells as lists (see the module docstring)."""

    def __init__(self, card: PlaceCard):
        cells = card.cells()
        self.card, self.place, self.size = card, card.place, len(cells)
        self.positions: list[Pos] = [cell.pos for cell in cells]
        self.index = {pos: i for i, pos in enumerate(self.positions)}
        self.weeks = [cell.weeks for cell in cells]
        self.bonus = [cell.points or 0 for cell in cells]
        self.rows = [cell.pos[0] for cell in cells]
        self.height = len(card.grid)
        self.columns = [tuple(self.index[cell.pos] for cell in column) for column in card.columns()]
        self.one_pawn = card.one_pawn
        self.malus = -abs(card.malus) if card.malus else 0
        self.crowd = card.crowd
        self.empty = (EMPTY,) * self.size
        self.longest = self._longest()
        self.seated = self.place == "boulodrome"  # decisions that depend on the seat (expulsions)
        # a seat's decisions and their changes depend only on whether it has a pawn on the card
        self.shares = self.place in ("marche", "medecin", "bar")
        self.puts = self.place not in ("eglise", "medecin")  # a pawn on an empty cell moves no other
        self.bits = [1 << i for i in range(self.size)]
        self.row_masks = [sum(bit for bit, row in zip(self.bits, self.rows) if row == r) for r in range(self.height)]
        self.effect = _EFFECTS.get(self.place, _put)
        # remembered by the masks of a state (`offer`, `outlook`, `keys`, `sums`), shared by the games
        self.offers: dict[int, tuple[Decisions, int]] = {}
        self.outlooks: dict[int, Outlook] = {}
        self.keys = ByMask(self._key)  # the _mairie_key of a seat's cells
        self.sums = ByMask(lambda mask: sum(bonus for i, bonus in enumerate(self.bonus) if mask >> i & 1))
        self.memos: dict[tuple[int, int, int] | None, dict] = {}

    def _longest(self) -> int:
        """The most weeks a decision on this card may cost."""
        if self.place == "medecin":
            return DOCTOR_WEEKS + JUMP_WEEKS * (self.size - 1)
        extra = EXPEL_EXTRA_WEEKS if self.place == "boulodrome" else 0
        return max((weeks + extra for weeks in self.weeks if weeks is not None), default=0)

    def state(self, pawns: Mapping[Pos, str], seats: Mapping[str, int]) -> tuple[int, ...]:
        return tuple(seats[pawns[pos]] if pos in pawns else EMPTY for pos in self.positions)

    def pawns(self, own: Sequence[int], names: Sequence[str]) -> dict[Pos, str]:
        return {self.positions[i]: names[seat] for i, seat in enumerate(own) if seat != EMPTY}

    def decisions(self, own: tuple[int, ...], seat: int) -> list[Decision]:
        if self.one_pawn and seat in own:
            return []
        return _DECISIONS[self.place](self, own, seat)

    def open_decisions(self, own: tuple[int, ...]) -> list[Decision]:
        return _DECISIONS[self.place](self, own, EMPTY)

    def changes(self, own: tuple[int, ...], seat: int, decisions: Sequence[Decision], die: int,
                sign: int) -> list[int]:
        """worth(points_after) - worth(points) for each decision."""
        before = self.worth(self.points(own, seat), die, sign)
        return [self.worth(points, die, sign) - before for points in self.points_after(own, seat, decisions)]

    def masks(self, own: tuple[int, ...], seats: int) -> tuple[int, list[int]]:
        """The state as bit masks (bit i: cell i): the cells taken, and each seat's."""
        filled, masks = 0, [0] * seats
        for bit, owner in zip(self.bits, own):
            if owner != EMPTY:
                filled |= bit
                masks[owner] |= bit
        return filled, masks

    def ranked(self, masks: list[int]) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """The best _mairie_key of the seats, the first seat with it, and the best key of the
        others (`best_other` of that seat, the best key itself for any other: () for none)."""
        best: tuple[int, ...] = ()
        owner, second = EMPTY, best
        for seat, mask in enumerate(masks):
            if mask:
                key = self.keys[mask]
                if key > best:
                    best, owner, second = key, seat, best
                elif key > second:
                    second = key
        return best, owner, second

    def tally(self, filled: int, mine: int, best: tuple[int, ...]) -> int:
        """All a seat's mairie entry hangs on, `best` the best key of the others: the cells taken,
        whether the seat is absent, wins or not, and in which rows a pawn more makes it win (a key
        counts the rows of a seat's pawns only: any empty cell of a row does)."""
        keys, kind = self.keys, 0 if not mine else 1 if self.keys[mine] >= best else 2
        wins = 0
        for row, cells in enumerate(self.row_masks):
            free = cells & ~filled
            if free and keys[mine | free & -free] >= best:
                wins |= 1 << row
        return filled | (kind | wins << 2) << self.size

    def best_other(self, masks: list[int], seat: int) -> tuple[int, ...]:
        """The best _mairie_key of the seats other than `seat` (() for none)."""
        keys = self.keys
        return max([keys[mask] for other, mask in enumerate(masks) if mask and other != seat], default=())

    def memo(self, tag: tuple[int, int, int] | None) -> dict:
        """The card's memo of entries (fastslot.Slot.fill) for a die, sign and factor (None: for
        entries that depend on none of them), shared by the games."""
        return self.memos.setdefault(tag, {})

    def offer(self, own: tuple[int, ...], seat: int, filled: int, mine: int) -> tuple[Decisions, int]:
        """`decisions(own, seat)` and the most weeks one costs, remembered by the cells taken and the
        seat's (`filled`, `mine`: masks), all they depend on (at most `FACTS` states kept)."""
        key = filled | mine << self.size
        found = self.offers.get(key)
        if found is None:
            decisions = tuple(self.decisions(own, seat))
            found = decisions, max([weeks for _, weeks in decisions], default=0)
            self.offers[key] = bounded(self.offers, found)
        return found

    def outlook(self, key: int, own: tuple[int, ...], seat: int, filled: int, masks: list[int]) -> Outlook:
        """The seat's decisions (`offer`), its points after each and before (`points_after`, `points`),
        the most weeks a decision costs and the `ranking` of the points after for a sign of +1 and
        -1, remembered by `key` (fastslot.Slot.fill's: all they depend on; at most `FACTS` states
        kept)."""
        found = self.outlooks.get(key)
        if found is None:
            decisions, longest = self.offer(own, seat, filled, masks[seat])
            after, before = self._points(own, seat, decisions, filled, masks)
            found = decisions, tuple(after), before, longest, rankings(after)
            self.outlooks[key] = bounded(self.outlooks, found)
        return found

    def _points(self, own: tuple[int, ...], seat: int, decisions: Sequence[Decision], filled: int,
                masks: list[int]) -> tuple[list[Points], Points | None]:
        """`points_after(own, seat, decisions)` and `points(own, seat)`, from the masks of the cells
        taken and of each seat's but at the église."""
        mine, bonus = masks[seat], self.bonus
        if self.place == "eglise":
            return self.points_after(own, seat, decisions), self.points(own, seat)
        if self.place == "mairie":  # most pawns, then the keys: the seat's against the best other's
            best, keys, bits = self.best_other(masks, seat), self.keys, self.bits
            after = [(1, MAIRIE_BONUS) if keys[mine | bits[cell]] >= best else (0, 0) for cell, _ in decisions]
            return after, None if not mine else (1, MAIRIE_BONUS) if keys[mine] >= best else (0, 0)
        if self.place == "bar":  # the crowd one step up
            taken = filled.bit_count()
            return [(1, crowd_value(self.crowd, taken + 1))] * len(decisions), (1, crowd_value(self.crowd, taken)) if mine else None
        kept = self.sums[mine]  # the die and the bonus of the seat's cells: a cell adds its bonus
        return [(1, kept + bonus[cell]) for cell, _ in decisions], (1, kept) if mine else None

    def sum_of(self, mask: int) -> int:
        """The bonus of the cells of `mask`."""
        return self.sums[mask]

    def key_of(self, mask: int) -> tuple[int, ...]:
        """_mairie_key of the seat whose cells are `mask` (() for none: below every key)."""
        return self.keys[mask]

    def _key(self, mask: int) -> tuple[int, ...]:
        return _rows_key(self, [self.rows[i] for i in range(self.size) if mask >> i & 1]) if mask else ()

    def expels(self, own: tuple[int, ...], cell: int, seat: int) -> bool:
        return self.place == "boulodrome" and own[cell] not in (EMPTY, seat)

    def apply(self, own: tuple[int, ...], cell: int, seat: int, to: int = EMPTY) -> tuple[int, ...]:
        return self.effect(self, own, cell, seat, to)

    def value(self, own: tuple[int, ...], seat: int, die: int, sign: int) -> int:
        return self.worth(self.points(own, seat), die, sign)

    def values(self, own: tuple[int, ...], seats: int, die: int, sign: int) -> list[int]:
        """`value` of each seat 0 .. seats - 1 (`scores` of the state's masks)."""
        return self.scores(*self.masks(own, seats), die, sign)

    def scores(self, filled: int, masks: list[int], die: int, sign: int) -> list[int]:
        """`value` of each seat from the masks of the cells taken and of each seat's."""
        malus, sums = self.malus, self.sums
        if self.place == "mairie":  # the seats of the best key (most pawns, then the rows) win
            keys = [self.keys[mask] for mask in masks]
            best, win = max(keys), sign * (die + MAIRIE_BONUS)
            return [(win if key == best else 0) if mask else malus for key, mask in zip(keys, masks)]
        if self.place == "bar":
            value = sign * (die + crowd_value(self.crowd, filled.bit_count()))
            return [value if mask else malus for mask in masks]
        if self.place == "eglise":  # (die + the bonus of the seat's cells) x its pawns
            return [sign * mask.bit_count() * (die + sums[mask]) if mask else malus for mask in masks]
        return [sign * (die + sums[mask]) if mask else malus for mask in masks]

    def expelled_values(self, own: tuple[int, ...], cell: int, to: list[int], die: int, sign: int) -> list[int]:
        """`value(apply(own, cell, seat, j), own[cell], die, sign)` for each j of `to` (the boulodrome,
        the only place that expels: the die and the bonus of the expelled pawn's cells, `cell` left
        for `j`)."""
        expelled = own[cell]
        kept = sum(points for i, (points, owner) in enumerate(zip(self.bonus, own)) if owner == expelled and i != cell)
        return [sign * (die + kept + self.bonus[j]) for j in to]

    def points(self, own: tuple[int, ...], seat: int) -> Points | None:
        return _POINTS[self.place](self, own, seat) if seat in own else None

    def points_after(self, own: tuple[int, ...], seat: int, decisions: Sequence[Decision]) -> list[Points]:
        """The seat's points after each decision (it then has a pawn on the card)."""
        if self.place in ("marche", "medecin", "boulodrome"):  # die + the bonus of the seat's cells
            mine = 0 if seat not in own else _cells_points(self, own, seat)[1]
            return [(1, mine + self.bonus[cell]) for cell, _ in decisions]
        if self.place == "bar":  # every decision fills an empty cell
            return [(1, crowd_value(self.crowd, self.size - own.count(EMPTY) + 1))] * len(decisions)
        if self.place == "mairie":  # every decision adds a pawn: most pawns decide unless tied
            most = max((own.count(p) for p in set(own) if p not in (EMPTY, seat)), default=0)
            if own.count(seat) + 1 != most:
                return [(1, MAIRIE_BONUS) if own.count(seat) + 1 > most else (0, 0)] * len(decisions)
            by_row: dict[int, Points] = {}  # tied: the new pawn's row decides (_mairie_key)
            for cell, _ in decisions:
                if self.rows[cell] not in by_row:
                    by_row[self.rows[cell]] = _mairie_points(self, self.apply(own, cell, seat), seat)
            return [by_row[self.rows[cell]] for cell, _ in decisions]
        points = _POINTS[self.place]
        return [points(self, self.apply(own, cell, seat), seat) for cell, _ in decisions]

    def majority(self, own: tuple[int, ...]) -> int:
        """How many seats share the mairie's majority (scoring.mairie_majority; 0: no pawn)."""
        return self.leaders(self.masks(own, max(own, default=EMPTY) + 1)[1])

    def leaders(self, masks: list[int]) -> int:
        """`majority` from each seat's mask."""
        keys = [self.keys[mask] for mask in masks if mask]
        return keys.count(max(keys)) if keys else 0

    def worth(self, points: Points | None, die: int, sign: int) -> int:
        return self.malus if points is None else sign * (points[0] * die + points[1])


class ByMask(dict[int, V]):
    """A memo of a function of a mask, worked out on the first look-up (a dict's after)."""

    def __init__(self, make: Callable[[int], V]):
        super().__init__()
        self.make = make

    def __missing__(self, mask: int) -> V:
        found = self[mask] = self.make(mask)
        return found


def rankings(after: list[Points]) -> tuple[Ranking | None, Ranking | None]:
    """`ranking(after, 1)` and `ranking(after, -1)`: every decision at the top when all are worth
    the same (at the bar, and at the mairie but where the keys tie)."""
    if after and after.count(after[0]) == len(after):
        tie = tuple(range(len(after))), after[0]
        return tie, tie
    return ranking(after, 1), ranking(after, -1)


def ranking(after: list[Points], sign: int) -> Ranking | None:
    """The decisions whose worth `sign * (a * die + b)` is the top one, and their points, when they
    are the same whatever the die (they are at every face if at the lowest and the highest: the
    worths are linear in the die); None when the die decides (or no decision)."""
    ends = []
    for die in DIE:
        worths = [sign * (a * die + b) for a, b in after]
        top = max(worths, default=0)
        ends.append(tuple(k for k, worth in enumerate(worths) if worth == top))
    return (ends[0], after[ends[0][0]]) if after and ends[0] == ends[1] else None


def bounded(memo: dict, found: T) -> T:
    """`found`, the memo emptied first when it holds `FACTS` entries."""
    if len(memo) >= FACTS:
        memo.clear()
    return found


def _any_empty(card: FastCard, own: tuple[int, ...], seat: int) -> list[Decision]:
    return [(i, w) for i, w in enumerate(card.weeks) if own[i] == EMPTY and w is not None]


def _eglise(card: FastCard, own: tuple[int, ...], seat: int) -> list[Decision]:
    weeks = card.weeks
    return [(column[-1], w) for column in card.columns for w in (weeks[column[-1]],)
            if w is not None and any(own[i] == EMPTY for i in column)]


def _marche(card: FastCard, own: tuple[int, ...], seat: int) -> list[Decision]:
    first = next((i for i in range(card.size) if own[i] == EMPTY), None)
    weeks = None if first is None else card.weeks[first]
    return [] if first is None or weeks is None else [(first, weeks)]


def _boulodrome(card: FastCard, own: tuple[int, ...], seat: int) -> list[Decision]:
    if EMPTY not in own:
        return []
    expels = [(i, w + EXPEL_EXTRA_WEEKS) for i, w in enumerate(card.weeks)
              if own[i] not in (EMPTY, seat) and w is not None]
    return _any_empty(card, own, seat) + expels


def _medecin(card: FastCard, own: tuple[int, ...], seat: int) -> list[Decision]:
    waiting = card.size - own.count(EMPTY)
    if waiting >= card.size:
        return []
    return [(i, DOCTOR_WEEKS + JUMP_WEEKS * (waiting - i)) for i in range(waiting + 1)]


def _put(card: FastCard, own: tuple[int, ...], cell: int, seat: int, to: int) -> tuple[int, ...]:
    return own[:cell] + (seat,) + own[cell + 1:]


def _push_up(card: FastCard, own: tuple[int, ...], cell: int, seat: int, to: int) -> tuple[int, ...]:
    column = next(column for column in card.columns if column[-1] == cell)
    owners = [own[i] for i in column if own[i] != EMPTY] + [seat]
    out = list(own)
    for i in column:
        out[i] = EMPTY
    for i, owner in zip(column[len(column) - len(owners):], owners):
        out[i] = owner
    return tuple(out)


def _expel(card: FastCard, own: tuple[int, ...], cell: int, seat: int, to: int) -> tuple[int, ...]:
    out = list(own)
    if to != EMPTY:
        out[to] = own[cell]
    out[cell] = seat
    return tuple(out)


def _jump_queue(card: FastCard, own: tuple[int, ...], cell: int, seat: int, to: int) -> tuple[int, ...]:
    owners = [owner for owner in own if owner != EMPTY]
    owners.insert(cell, seat)
    return tuple(owners) + (EMPTY,) * (card.size - len(owners))


def _cells_points(card: FastCard, own: tuple[int, ...], seat: int) -> tuple[int, int]:
    bonus = card.bonus
    return 1, sum(bonus[i] for i, owner in enumerate(own) if owner == seat)


def _eglise_points(card: FastCard, own: tuple[int, ...], seat: int) -> tuple[int, int]:
    pawns = own.count(seat)
    return pawns, _cells_points(card, own, seat)[1] * pawns


def _bar_points(card: FastCard, own: tuple[int, ...], seat: int) -> tuple[int, int]:
    return 1, crowd_value(card.crowd, card.size - own.count(EMPTY))


def _mairie_points(card: FastCard, own: tuple[int, ...], seat: int) -> tuple[int, int]:
    counts = {player: own.count(player) for player in set(own) if player != EMPTY}
    most = max(counts.values())
    tied = [player for player, count in counts.items() if count == most]
    if seat in tied and len(tied) > 1:  # the same number of pawns: the keys decide
        keys = {player: _mairie_key(card, own, player) for player in tied}
        tied = [player for player, key in keys.items() if key == max(keys.values())]
    return (1, MAIRIE_BONUS) if seat in tied else (0, 0)


def _mairie_key(card: FastCard, own: tuple[int, ...], player: int) -> tuple[int, ...]:
    """scoring._mairie_key: pawns, minus the row of the highest pawn, pawns in each row below it."""
    return _rows_key(card, [card.rows[i] for i, owner in enumerate(own) if owner == player])


def _rows_key(card: FastCard, rows: list[int]) -> tuple[int, ...]:
    """_mairie_key from the rows of a player's pawns."""
    top = min(rows)
    return (len(rows), -top) + tuple(rows.count(row) for row in range(top + 1, card.height))


_DECISIONS = {"eglise": _eglise, "mairie": _any_empty, "bar": _any_empty, "marche": _marche,
              "boulodrome": _boulodrome, "medecin": _medecin}
_EFFECTS = {"eglise": _push_up, "boulodrome": _expel, "medecin": _jump_queue}
_POINTS = {"eglise": _eglise_points, "mairie": _mairie_points, "bar": _bar_points, "marche": _cells_points,
           "boulodrome": _cells_points, "medecin": _cells_points}
