"""The greedy agent's best elf moves on a `Position` (fastpos.py), found in one loop, for speed.

Contract: `top_moves(position)` returns `(top, best)`: the highest gain (fastplay.progress:
how much nearer an open arrival square a move brings its elf, arriving counts the board's size)
among the legal elf moves of the player to move, and those of its moves (`Position.elf_moves`
tuples) whose gain is `top`, in `elf_moves`' order; `(None, [])` when there is no legal elf
move. The greedy agent only ever takes one of the top moves (pnp.rules.playout.pick_top: ties
broken by one draw among them, in order), so this is what `elf_moves` and `progress` give it,
without building the other moves: the slides of `Position._moves_of` and fastpos._slide are
written out over local names (a greedy turn at 2 players is some 60 slides; a call costs as
much as a slide). `elf_moves` and `_slide` stay the readable statement of the rules (moves.py's
reference order); tests hold this loop to them, position for position.
"""
from __future__ import annotations

from .fastpos import EMPTY, NONE, ElfTuple, Position

LOWEST = -(1 << 30)  # below every gain (a gain is a difference of two distances on the board)


def top_moves(position: Position) -> tuple[int | None, list[ElfTuple]]:
    """The top gain of the legal elf moves and the moves that have it (see the module docstring)."""
    movable = position.movable()
    if not movable:
        return None, []
    grid, pieces, squares, colours = position.grid, position.pieces, position.squares, position.colour
    colour = colours[movable[0]]
    near = position.nears[colour]
    if near is None:  # made again only when one of the colour's elves arrives (Position._set_status)
        near = position.nears[colour] = grid.nearness(colour, open_mask(position, colour))
    lanes, turns, flags = grid.lanes[colour], grid.turns(position.young)[colour], grid.arrivals[colour]
    homes, chase = grid.homes, position.chase[colour]
    top, best = LOWEST, []  # type: int, list[ElfTuple]
    for e in movable:
        start = squares[e]
        base = near[start]
        pieces[start] = EMPTY
        for d, ray, end in lanes[start]:
            # fastpos._slide along ray `start * 8 + d`: no jumping, no stopping early (moves._Slider.slide)
            corner = chased = NONE
            for square in ray:
                if pieces[square] != EMPTY:
                    break
                corner = square
            else:
                if end != NONE:  # the arrival square ending the ray (decision: ARRIVAL_ENDS_MOVE)
                    piece = pieces[end]
                    if piece == EMPTY:
                        corner = end
                    elif piece >= 0 and homes[end] == colours[piece] and chase[colours[piece]]:
                        corner, chased = end, piece  # decisions: CHASE, NO_OWN_CHASE
            if corner == NONE:
                continue  # decision: SLIDE_LENGTH
            gain = base - near[corner]
            if gain > top:
                top, best = gain, [(e, corner, NONE, chased)]
            elif gain == top:
                best.append((e, corner, NONE, chased))
            if flags[corner]:
                continue  # no second slide after arriving (decision: ARRIVAL_ENDS_MOVE)
            for ray, end in turns[corner * 8 + d]:  # decisions: TURN_90, YOUNG_VARIANT
                to = chased = NONE
                for square in ray:
                    if pieces[square] != EMPTY:
                        break
                    to = square
                else:
                    if end != NONE:
                        piece = pieces[end]
                        if piece == EMPTY:
                            to = end
                        elif piece >= 0 and homes[end] == colours[piece] and chase[colours[piece]]:
                            to, chased = end, piece
                if to == NONE:
                    continue
                gain = base - near[to]
                if gain > top:
                    top, best = gain, [(e, to, corner, chased)]
                elif gain == top:
                    best.append((e, to, corner, chased))
        pieces[start] = e
    return (top if best else None), best


def open_mask(position: Position, colour: int) -> int:
    """The bits (arrival_list order) of `colour`'s arrival squares not taken by its own elves."""
    pieces, colours, mask = position.pieces, position.colour, 0
    for bit, square in enumerate(position.grid.arrival_list[colour]):
        piece = pieces[square]
        if piece < 0 or colours[piece] != colour:
            mask |= 1 << bit
    return mask
