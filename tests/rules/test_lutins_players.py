"""Player-count rules of the lutins model: one elf in the forest with 3-4 players, 2-player colours."""
from dataclasses import replace

from kits.lutins import (
    ElfMove, LutinsParams, active_colour, check_params, default_board, default_seats, empty_board,
    initial_state, legal_elf_moves, movable_elves, play_turn, position, winner,
)
from kits.lutins.state import right_angled

B6 = empty_board(6, count=4)
HOME_BLEU = {("bleu", i): (1 + i, 6) for i in range(4)}


def test_all_home_elves_may_start():
    state = initial_state(default_board(), players=4)
    assert movable_elves(state) == [("bleu", i) for i in range(6)]


def test_one_elf_in_the_forest_with_three_or_four_players():
    for players in (3, 4):
        state = position(B6, {**HOME_BLEU, ("bleu", 0): (2, 2)}, players=players)
        assert movable_elves(state) == [("bleu", 0)]
        assert {m.elf for m in legal_elf_moves(state)} == {("bleu", 0)}


def test_entering_elf_is_the_only_one_next_turn():
    state = initial_state(default_board(), players=4)
    move = next(m for m in legal_elf_moves(state) if m.elf == ("bleu", 2))
    for _ in range(4):
        state = play_turn(state, None, move if state.player == 0 and state.turn == 0 else None)
    assert state.player == 0 and movable_elves(state) == [("bleu", 2)]


def test_several_elves_in_forest_after_a_chase():
    elves = {**HOME_BLEU, ("bleu", 0): (2, 4), ("violet", 0): (2, -1), ("violet", 1): (3, 3),
             ("violet", 2): (1, -1), ("violet", 3): (3, -1), ("violet", 4): (4, -1)}
    state = position(B6, elves, players=3)
    chase = next(m for m in legal_elf_moves(state) if m.chased == ("violet", 0))
    after = play_turn(state, None, replace(chase, relocation=(0, 5)))
    after = replace(after, turn=2)  # violet's seat
    assert active_colour(after) == "violet"
    assert set(movable_elves(after)) == {("violet", 0), ("violet", 1)}


def test_arrived_elf_frees_the_next_one():
    state = position(B6, {**HOME_BLEU, ("bleu", 0): (2, -1)}, players=4)
    assert movable_elves(state) == [("bleu", 1), ("bleu", 2), ("bleu", 3)]


def test_two_players_have_no_one_elf_limit():
    state = position(B6, {**HOME_BLEU, ("bleu", 0): (2, 2)}, players=2)
    assert movable_elves(state) == [("bleu", i) for i in range(4)]


def test_two_players_play_colours_at_right_angles():
    board = default_board()
    seats = default_seats(board, 2)
    assert seats == (("bleu", "rouge"), ("violet", "jaune"))
    assert all(right_angled(board, seat) for seat in seats)
    assert not right_angled(board, ("bleu", "violet"))


def test_two_players_alternate_colours_turn_by_turn():
    state = initial_state(default_board(), players=2)
    colours = [active_colour(replace(state, turn=t)) for t in range(6)]
    assert colours == ["bleu", "violet", "rouge", "jaune", "bleu", "violet"]


def test_two_players_skip_a_finished_colour():
    elves = {("bleu", 0): (2, -1), ("rouge", 0): (-1, 1), ("violet", 0): (1, -1), ("jaune", 0): (6, 1)}
    state = position(B6, elves, players=2)
    assert active_colour(state) == "rouge" and winner(state) is None


def test_winner_needs_every_elf_of_every_colour():
    state = position(B6, {("bleu", 0): (2, -1), ("rouge", 0): (6, 2)}, players=2)
    assert winner(state) == 0
    assert winner(position(B6, {("bleu", 0): (2, -1), ("rouge", 0): (2, 2)}, players=2)) is None
    assert winner(position(B6, {("bleu", 0): (2, -1), ("bleu", 1): (1, 6)}, players=4)) is None


def test_no_move_once_the_game_is_won():
    state = position(B6, {("bleu", 0): (2, -1), ("rouge", 0): (2, 2)}, players=4)
    assert winner(state) == 0
    assert legal_elf_moves(replace(state, turn=1)) == []


def test_params_refuse_two_players_with_opposite_colours():
    board = default_board()
    params = LutinsParams(seats=[["bleu", "violet"], ["rouge", "jaune"]])
    problems = check_params(params, board)
    assert [p.where for p in problems] == ["rules.seats[0]", "rules.seats[1]"]
    assert "right angles" in problems[0].what
    good = LutinsParams(seats=[["bleu", "jaune"], ["violet", "rouge"]])
    assert check_params(good, board) == []


def test_params_seats_one_colour_each_with_three_players():
    params = LutinsParams(seats=[["bleu"], ["rouge", "jaune"], ["vert"]])
    whats = [p.what for p in check_params(params, default_board())]
    assert whats == ["each player plays 1 colour(s), found 2", "unknown colour 'vert'"]


def test_elf_move_type_is_plain_data():
    assert ElfMove(("bleu", 0), (1, 1)) == ElfMove(("bleu", 0), (1, 1), None, None, None)


def test_three_players_leave_the_east_side_empty_so_rouge_has_nobody_across(shipped):
    """decision: THREE_PLAYERS — seated south, west, north; the lab names each seat's colour, and
    under the greedy agent the second seat (rouge, west) wins far above its share."""
    from pnp.lab import KitPlayout
    from pnp.rules.balance import summarize
    from pnp.rules.harness import play_range

    playout = KitPlayout(str(shipped), str(shipped / "decks/lutins")).load()
    assert playout.seat_colours is not None and playout.seat_colours(3) == ("bleu", "rouge", "violet")
    assert playout.seat_colours(2) == ("bleu+rouge", "violet+jaune")
    run = summarize(play_range(playout, 3, "greedy", 0, 0, 120), playout, 3, "greedy", 1.0)
    second = run["seats"][1]
    assert second["colour"] == "rouge" and second["flag"] == "above" and second["win_rate"] > 0.5
