"""Play-outs of a shedding game: hands, a face-up market and a draw pile; players lay series of cards
sharing attributes, give cards away, and the first to empty a hand wins.

Contract: `Shedding(kinds, hand, market)` is a game's rules, a frozen dataclass whose hooks a model
overrides (in its kit): `unusable(table, rng)` (the cards that may be in no series of shared
attributes nor in the market, drawn for each game: a banned pair, the liquorice cards),
`specials(table, seat)` (the series a game defines itself, as decisions), `after_lay(table, seat,
kind, agent, rng)` (what laying a kind does beyond its gifts) and `extra_gain(kind)`. `playout(cards,
rules)` is the model's `Playout` (pnp.rules.playout): `play(players, agent, rng)` plays one game
with the kit's cards (tuples of attribute values, `Product.keys()`), every choice made by `agent`;
`trace` plays the same game and tells its moves in words (`Game.log`: the deal, each series laid
with its cards named by their values, gifts, market refills, draws and passes; a hook adds its own
with `Game.say`).

The game (rules of the Similis family; each kit's model cites them):
- the deal: `hand` cards to each seat, `market` cards turned up from the pile; a card that may not
  lie in the market goes under the pile and the next is turned up (none left: the market is short);
- a turn: the seat lays one series, chosen among every legal one (`decisions`: a kind, the hand
  cards laid, the market card used or none), or, only when it has none, draws a card; with the pile
  empty it passes; when a whole round passes with the pile empty the game ends and the seats with
  the fewest cards share the win (the model's decision: ending "empty pile");
- a series with a market card costs a card of the hand put into the market in its place (the
  refill comes from the hand), unless the hand is empty by then (the seat has won); so it is legal
  only when the cards left after laying are all given away or hold one that may go to the market;
- gifts: after a kind with `give` cards, each gift is a card of the hand (chosen) to an opponent
  (chosen); a seat short of cards gives what it has.
Agents choose the series (greedy: the most cards out of its hand plus to its opponents), then each
card put into the market, each card given and each opponent (greedy: the card that shares fewest
attributes with the rest of its hand, the opponent with the fewest cards).
Cards are bits: a hand is an int, the market and the pile lists of one-bit ints; the groups of
cards sharing s attribute values are masks computed once per kit (`Tables`, shedtable.py).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from ..playout import Agent, GameRecord, Playout
from .draws import shuffled
from .shedbest import Best, Shared, _can_refill
from .shedgreedy import greedy_pick, greedy_play
from .shedtable import SITUATIONS, BareTabletop, Kind, Occurrence, Tables, Tabletop, bits_of, expand  # noqa: F401 (re-exported)

MAX_TURNS = 3000


@dataclass(frozen=True)
class Shedding:
    """A game's rules for the loop; the hooks a model overrides have defaults that do nothing."""

    kinds: tuple[Kind, ...]
    hand: int = 10
    market: int = 3
    situations: tuple[str, ...] = ()  # the model's own situations (counted with `table.note`)

    def unusable(self, table: "Tabletop", tables: Tables, rng: random.Random) -> int:
        return 0

    def specials(self, table: "Tabletop", seat: int, index: int, kind: Kind) -> list[tuple[int, int, int]]:
        return []

    def after_lay(self, game: "Game", seat: int, kind: Kind) -> None:
        """What laying `kind` does beyond its gifts."""

    def extra_gain(self, kind: Kind, players: int) -> int:
        return 0


class Game(Best):
    """One game being played: the rules, the kit's tables, the table, the agent and the rng. The
    greedy agent's search is `Best` (shedbest.py); `shared` holds what the games of a play-out share."""

    rules: Shedding

    def __init__(self, rules: Shedding, tables: Tables, low: list[int], players: int, agent: Agent,
                 rng: random.Random, counted: bool | None = None, shared: Shared | None = None):
        self.rules, self.tables, self.players, self.agent, self.rng = rules, tables, players, agent, rng
        self.log: list[str] | None = None  # the moves in words, when the game is traced (`trace`)
        self._seat = 0  # the seat whose decisions `gain` scores
        self.shared = shared = Shared() if shared is None else shared
        self._others, self._extra = shared.seats(rules, players)
        self.has_specials = any(kind.special for kind in rules.kinds)
        # the group counts serve `occurrences` (the random agent's draw); `best` needs none
        counted = not agent.greedy if counted is None else counted
        self.table = table = (Tabletop if counted else BareTabletop)(players, tables, low)
        table.unusable = rules.unusable(table, tables, rng)
        deck = shuffled(rng, tables.bits)  # rng.sample(tables.bits, len(tables.bits)), written out
        hand = rules.hand
        for seat in range(players):
            table.deal(seat, deck[seat * hand:(seat + 1) * hand])
        table.pile = deck[players * hand:]
        self._set_up_market()

    def _set_up_market(self) -> None:
        table = self.table
        while len(table.market) < self.rules.market and table.pile:
            if not any(not card & table.unusable for card in table.pile):
                return  # only cards that may not lie in the market are left: it stays short
            card = table.draw()
            if card & table.unusable:
                table.pile.insert(0, card)  # under the pile; the next card is turned up
                table.counts["set aside at set-up"] += 1
            else:
                table.market.append(card)

    def occurrences(self, seat: int) -> list[Occurrence]:
        """The seat's series as groups to draw from: (weight, kind index, cards, how many of them,
        market card or 0), weight the number of ways to draw them; a special series is (1, decision).
        A series whose cards share more attributes than its kind asks lies in several groups."""
        out: list[Occurrence] = []
        for index, kind in enumerate(self.rules.kinds):
            if kind.special:
                out += [(1, decision) for decision in self.rules.specials(self.table, seat, index, kind)]
            else:
                out += self._plain(seat, index, kind) + self._with_market(seat, index, kind)
        return out

    def _plain(self, seat: int, index: int, kind: Kind) -> list[Occurrence]:
        """The groups of `kind`'s series laid from the hand alone."""
        table, tables, k = self.table, self.tables, kind.cards
        held, usable, level = table.held[seat], table.hands[seat] & ~table.unusable, kind.shared
        return [(comb(held[gid], k), index, usable & tables.masks[gid], k, 0)
                for gid in table.ready[seat] if tables.level[gid] == level and held[gid] >= k]

    def _with_market(self, seat: int, index: int, kind: Kind) -> list[Occurrence]:
        """The groups of `kind`'s series that take a market card (k - 1 cards from the hand)."""
        table, tables, k = self.table, self.tables, kind.cards
        hand = table.hands[seat]
        usable = hand & ~table.unusable
        if not table.market or not _can_refill(hand, usable, kind):
            return []
        held, gids, masks = table.held[seat], tables.gids[kind.shared], tables.masks
        return [(comb(held[gid], k - 1), index, usable & masks[gid], k - 1, card)
                for card in table.market for gid in gids[card] if held[gid] >= k - 1]

    def decisions(self, seat: int) -> list[tuple[int, int, int]]:
        """Every legal series of the seat, once each: (kind index, hand cards laid, market card or 0)."""
        return expand(self.occurrences(seat))

    def sample(self, entries: list[Occurrence]) -> tuple[int, int, int]:
        """One legal series, uniformly among the distinct ones, without listing them: a group drawn
        by its weight, cards drawn in it, and the draw kept with probability 1 / the number of
        groups of its level that hold the same series (so that every series weighs the same)."""
        rng, total = self.rng, sum(entry[0] for entry in entries)
        while True:
            pick = rng.random() * total
            for entry in entries:
                pick -= entry[0]
                if pick < 0:
                    break
            if len(entry) == 2:
                return entry[1]
            _, index, laid, k, market = entry
            cards = laid if laid.bit_count() == k else sum(rng.sample(bits_of(laid), k))
            copies = comb(self.tables.shared(cards | market), self.rules.kinds[index].shared)
            if copies == 1 or rng.random() * copies < 1:
                return index, cards, market

    def turn(self, seat: int) -> bool:
        """One turn; True when the seat laid a series."""
        self._seat = seat
        greedy = self.agent.greedy
        found = self.best(seat) if greedy else self.occurrences(seat)
        if not found:
            card = self.table.draw()
            self.table.put(seat, card)
            self.table.counts["passed"] += not card
            if self.log is not None:
                self.say(seat, "pioche une carte" if card else "ne peut ni poser ni piocher : passe")
            return False
        if greedy:  # every series `best` gives gains the same: the agent breaks the tie
            self.lay(seat, found[0] if len(found) == 1 else self.agent.choose(found, self.rng))  # type: ignore[arg-type]
        else:  # the random agent: uniform among the legal series (`sample`)
            self.lay(seat, self.sample(found))  # type: ignore[arg-type]
        return True

    def lay(self, seat: int, decision: tuple[int, int, int]) -> None:
        index, cards, market = decision
        table, kind = self.table, self.rules.kinds[index]
        if self.log is not None:
            taken = f", avec {self.words(market)} du marché" if market else ""
            self.say(seat, f"pose {(cards | market).bit_count()} cartes : {self.words(cards)}{taken}")
        table.take(seat, cards)
        refill = 0
        if market:
            table.market.remove(market)
            table.counts["market card used"] += 1
            if table.hands[seat].bit_count() > kind.give:
                refill = self.pick_card(seat, table.hands[seat] & ~table.unusable)
                table.take(seat, refill)
        self.rules.after_lay(self, seat, kind)
        for _ in range(kind.give):
            if table.hands[seat]:
                self.give(seat, self.pick_card(seat, table.hands[seat]))
        if refill:
            table.market.append(refill)
            if self.log is not None:
                self.say(seat, f"met {self.words(refill)} au marché")

    def pick_card(self, seat: int, among: int) -> int:
        """A card of the seat's hand (in `among`) to give or to put into the market; the greedy agent
        keeps the cards that share most with the rest of its hand (a card that may be in no series
        goes first)."""
        table = self.table
        hand, listed = table.hands[seat], table.cards[seat]
        options = listed if among == hand else [card for card in listed if card & among]
        if len(options) == 1:
            return options[0]
        near, unusable = self.tables.near, table.unusable
        if not self.agent.greedy:
            return self.agent.choose(options, self.rng, lambda c: 99 if c & unusable else -(hand & near[c]).bit_count())
        return greedy_pick(hand, listed, among, near, unusable, self.rng)  # the agent's rule (pick_top), inlined there

    def opponent(self, seat: int) -> int:
        """The opponent a gift goes to; the greedy agent's is the one with the fewest cards."""
        hands, others = self.table.hands, self._others[seat]
        if self.agent.greedy and len(others) > 1:  # pick_top on minus each hand's size, inlined
            sizes = [hands[s].bit_count() for s in others]
            fewest = min(sizes)
            if sizes.count(fewest) == 1:
                return others[sizes.index(fewest)]
            tied = [s for s, n in zip(others, sizes) if n == fewest]
            return tied[int(self.rng.random() * len(tied))]
        return self.agent.choose(others, self.rng, lambda s: -hands[s].bit_count())

    def give(self, seat: int, card: int) -> None:
        table = self.table
        table.take(seat, card)
        other = self.opponent(seat)
        table.put(other, card)
        table.counts["cards given"] += 1
        if self.log is not None:
            self.say(seat, f"donne {self.words(card)} au joueur {other + 1}")

    def say(self, seat: int, what: str) -> None:
        """One move of a traced game, in words: "joueur 2 pioche une carte" (the seat numbered from 1)."""
        if self.log is not None:
            self.log.append(f"joueur {seat + 1} {what} ({self.table.hands[seat].bit_count()} en main)")

    def words(self, cards: int) -> str:
        """Cards as the kit names them: their attribute values, a card's words joined by spaces."""
        index, cards_of = self.tables.index, self.tables.cards
        return ", ".join(" ".join(str(v) for v in cards_of[index[bit]] if v is not None) for bit in bits_of(cards))

    def play(self) -> GameRecord:
        """The game to its end: `play_stepped`, or for an untraced greedy game the same game in one
        loop (`greedy_play`, shedgreedy.py)."""
        return greedy_play(self, MAX_TURNS) if self.agent.greedy and self.log is None else self.play_stepped()

    def play_stepped(self) -> GameRecord:
        """The game to its end, turn by turn (`turn`)."""
        players, hands, idle = self.players, self.table.hands, 0
        for turn in range(1, MAX_TURNS + 1):
            seat = (turn - 1) % players
            laid = self.turn(seat)
            if not hands[seat]:
                if self.log is not None:
                    self.log.append(f"joueur {seat + 1} n'a plus de cartes : il gagne la manche")
                return self.record((seat,), turn, "hand emptied")
            idle = 0 if laid or self.table.pile else idle + 1
            if idle >= players:  # a whole round without a series, the pile empty
                fewest = min(hand.bit_count() for hand in hands)
                return self.record(tuple(s for s in range(players) if hands[s].bit_count() == fewest),
                                   turn, "empty pile")
        return self.record((), MAX_TURNS, "bound", ended=False)

    def record(self, winners: tuple[int, ...], turns: int, ending: str, ended: bool = True) -> GameRecord:
        situations = {**self.table.counts, **self.table.extra}
        return GameRecord(winners, turns, situations, {"rounds": -(-turns // self.players)}, ending, ended)


def thresholds(rules: Shedding, tables: Tables) -> list[int]:
    """For each group, the fewest hand cards that a series of its level needs (`Tabletop.ready`)."""
    plain = [kind for kind in rules.kinds if not kind.special]
    fewest = {level: min(k.cards for k in plain if k.shared == level) for level in tables.gids}
    return [fewest[level] for level in tables.level]


def playout(cards: list[tuple], rules: Shedding, open_endings: dict[str, str] | None = None) -> Playout:
    """The Playout of a shedding game with the kit's cards (see the module docstring)."""
    tables = Tables(cards, {kind.shared for kind in rules.kinds if not kind.special})
    low = thresholds(rules, tables)
    shared = Shared()

    def play(players: int, agent: Agent, rng: random.Random) -> GameRecord:
        return Game(rules, tables, low, players, agent, rng, shared=shared).play()

    def trace(players: int, agent: Agent, rng: random.Random) -> tuple[GameRecord, list[str]]:
        game = Game(rules, tables, low, players, agent, rng)
        game.log = [f"donne : {rules.hand} cartes à chacun des {players} joueurs ; marché : "
                    f"{game.words(sum(game.table.market)) or 'vide'} ; pioche : {len(game.table.pile)} cartes"]
        return game.play(), game.log

    return Playout(play, SITUATIONS + rules.situations, ("rounds",), open_endings or {}, ("pile exhausted",),
                   trace=trace, agents=AGENTS_CHOOSE)


AGENTS_CHOOSE = {
    "random": "lays a series drawn uniformly among every legal one (one that takes a market card included), "
              "then gives and refills with cards and opponents drawn uniformly: it plays its first series, "
              "never its best, so the seat figures are a beginner's",
    "greedy": "lays the series that takes most cards out of its hand and gives most to the others, gives the "
              "card that shares least with the rest of its hand, to the opponent with the fewest cards: it "
              "sheds as fast as it can, turn by turn, which favours whoever plays first",
}
