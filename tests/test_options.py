"""The option checks of equity/options.py: what each option becomes, and how a bad one is refused.

Expected values come from the rule documents and the games' descriptions (Hold'em deals
two hole cards from 52 with a five-card board and three burns, the draw limits are 3 and
4 with an ace, ...) or from the kernels' constants named in a docstring (the policy codes),
never from the function under test.  A refusal is checked by the words a user needs: the
option, the value and what is allowed.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

import equity
from equity._kernels.exchange import GREEDY, LOOKAHEAD, NEVER, USER
from equity._kernels.switch import MAX, STAND, STANDARD, WILD_SHIFT
from equity.errors import InvalidInputError, OptionError
from equity.games import GAMES, get_game
from equity.games.custom import define_game
from equity.options import (
    LOOKAHEAD_SAMPLES,
    check_draw_limits,
    check_players,
    draw_policy_codes,
    exchange_policy_codes,
    fold_mask,
    lookahead_samples,
    pot_mode,
    stakes,
    switch_options,
    user_exchange_policy,
    wild_can_be_ace,
)
from equity.switch import play_switch

HOLDEM = get_game("holdem")
OMAHA = get_game("omaha")
ELDORADO = get_game("eldorado")

#: The draw policies' names as the errors list them.
_DRAW_NAMES = "'stand', 'standard', 'max', 'switch_aware', 'switch_aware_no_info'"


def _user_policy():
    """A fresh Numba function in the form of a user exchange policy (never compiled here)."""
    from numba import njit

    @njit
    def keep(hole, flop, wild, seat, players):  # pragma: no cover - never called
        return -1

    return keep


# ---------------------------------------------------------------------------------------------
# pot_mode
# ---------------------------------------------------------------------------------------------
# The pot each game is played for when none is asked for: high everywhere (Omaha and Tahoe are
# played hi-lo only when asked, El Dorado's low is a side agreement).
DEFAULT_POTS = {"holdem": "high", "omaha": "high", "tahoe": "high", "spanish": "high",
                "egyptian": "high", "eldorado": "high", "draw": "high", "draw7": "high",
                "switch": "high", "switch7": "high", "switch_holdem": "high", "switch_omaha": "high",
                "switch_tahoe": "high"}


@pytest.mark.parametrize("name", sorted(DEFAULT_POTS))
def test_pot_mode_default_per_game(name: str) -> None:
    assert pot_mode(get_game(name), None) == DEFAULT_POTS[name]


def test_every_built_in_game_has_a_default_pot_listed() -> None:
    assert set(DEFAULT_POTS) == set(GAMES)


@pytest.mark.parametrize("name", ["omaha", "tahoe"])
def test_pot_mode_hi_lo_by_flag_or_by_name(name: str) -> None:
    g = get_game(name)
    assert pot_mode(g, None, hi_lo=True) == "hi_lo"
    assert pot_mode(g, "hi_lo") == "hi_lo"
    assert pot_mode(g, "hi_lo", hi_lo=True) == "hi_lo"
    assert pot_mode(g, "high") == "high"


def test_pot_mode_eldorado_low() -> None:
    assert pot_mode(ELDORADO, "low") == "low"


@pytest.mark.parametrize(("name", "pot"), [("holdem", "hi_lo"), ("holdem", "low"), ("omaha", "low"),
                                           ("eldorado", "hi_lo"), ("switch", "low")])
def test_pot_refused_for_a_game_not_played_that_way(name: str, pot: str) -> None:
    with pytest.raises(OptionError) as info:
        pot_mode(get_game(name), pot)
    text = str(info.value)
    assert f"pot={pot!r}" in text
    assert f"{name} is played for" in text
    assert "'high'" in text  # what is allowed


def test_pot_refused_when_not_a_pot_mode_at_all() -> None:
    with pytest.raises(OptionError, match=r"pot='medium': omaha is played for 'high', 'hi_lo'"):
        pot_mode(OMAHA, "medium")


def test_hi_lo_flag_refused_for_a_game_without_hi_lo() -> None:
    with pytest.raises(OptionError) as info:
        pot_mode(HOLDEM, None, hi_lo=True)
    assert "holdem is played for high" in str(info.value)
    assert "hi_lo=True" in str(info.value)


def test_hi_lo_flag_and_another_pot_disagree() -> None:
    with pytest.raises(OptionError, match=r"hi_lo=True and pot='high' disagree"):
        pot_mode(OMAHA, "high", hi_lo=True)


# ---------------------------------------------------------------------------------------------
# exchange_policy_codes and user_exchange_policy
# ---------------------------------------------------------------------------------------------
def test_exchange_policy_codes_default_greedy_for_every_seat() -> None:
    codes = exchange_policy_codes(ELDORADO, 4, None)
    assert codes.dtype == np.int8
    assert codes.tolist() == [GREEDY] * 4


@pytest.mark.parametrize(("name", "code"), [("never", NEVER), ("greedy", GREEDY), ("lookahead", LOOKAHEAD)])
def test_exchange_policy_one_name_for_every_seat(name: str, code: int) -> None:
    assert exchange_policy_codes(ELDORADO, 3, name).tolist() == [code] * 3


def test_exchange_policy_codes_are_distinct() -> None:
    assert len({NEVER, GREEDY, LOOKAHEAD, USER}) == 4


def test_exchange_policy_one_per_seat_in_seat_order() -> None:
    codes = exchange_policy_codes(ELDORADO, 3, ["lookahead", "never", "greedy"])
    assert codes.tolist() == [LOOKAHEAD, NEVER, GREEDY]
    assert exchange_policy_codes(ELDORADO, 2, ("never", "lookahead")).tolist() == [NEVER, LOOKAHEAD]


def test_exchange_policy_numba_function_is_the_user_code() -> None:
    user = _user_policy()
    assert exchange_policy_codes(ELDORADO, 2, user).tolist() == [USER, USER]
    assert exchange_policy_codes(ELDORADO, 3, ["never", user, "greedy"]).tolist() == [NEVER, USER, GREEDY]


def test_exchange_policy_wrong_count() -> None:
    with pytest.raises(OptionError, match=r"2 policies for 3 players: give one per seat or one for all"):
        exchange_policy_codes(ELDORADO, 3, ["never", "greedy"])


@pytest.mark.parametrize("bad", ["bluff", "Greedy", 3])
def test_exchange_policy_unknown_name(bad) -> None:
    with pytest.raises(OptionError) as info:
        exchange_policy_codes(ELDORADO, 2, ["never", bad])
    text = str(info.value)
    assert f"unknown exchange policy {bad!r}" in text
    for allowed in ("never", "greedy", "lookahead", "Numba"):
        assert allowed in text


@pytest.mark.parametrize("bad", [5, b"greedy", {"seat": "greedy"}.items()])
def test_exchange_policies_neither_a_name_nor_a_list(bad) -> None:
    with pytest.raises(OptionError, match=r"policies must be a policy name \(never, greedy, lookahead\)"):
        exchange_policy_codes(ELDORADO, 2, bad)


@pytest.mark.parametrize("name", ["holdem", "omaha", "switch"])
def test_game_without_exchange_refuses_policies(name: str) -> None:
    with pytest.raises(OptionError, match=rf"^{name} has no exchange: policies apply to eldorado$"):
        exchange_policy_codes(get_game(name), 2, "greedy")


def test_game_without_exchange_gives_zero_codes() -> None:
    codes = exchange_policy_codes(HOLDEM, 5, None)
    assert codes.dtype == np.int8 and codes.tolist() == [0] * 5


def test_user_exchange_policy_two_functions_refused() -> None:
    first, second = _user_policy(), _user_policy()
    with pytest.raises(OptionError, match=r"one user exchange policy per run"):
        user_exchange_policy([first, "greedy", second], 3)


def test_user_exchange_policy_found_once_for_several_seats() -> None:
    user = _user_policy()
    assert user_exchange_policy([user, "never", user], 3) is user
    assert user_exchange_policy(user, 4) is user
    assert user_exchange_policy(["never", "greedy"], 2) is None
    assert user_exchange_policy("greedy", 2) is None
    assert user_exchange_policy(None, 2) is None


def test_simulate_refuses_two_user_policies() -> None:
    first, second = _user_policy(), _user_policy()
    with pytest.raises(OptionError, match=r"one user exchange policy per run"):
        equity.simulate("eldorado", 2, 10, seed=1, policies=[first, second])


# ---------------------------------------------------------------------------------------------
# lookahead_samples and wild_can_be_ace
# ---------------------------------------------------------------------------------------------
def test_lookahead_samples_default() -> None:
    # the documented default: 200 draws of the unseen cards per decision
    assert LOOKAHEAD_SAMPLES == 200
    assert lookahead_samples(True, None) == 200
    assert lookahead_samples(False, None) == 200  # not given: nothing to refuse


def test_lookahead_samples_given() -> None:
    assert lookahead_samples(True, 1) == 1
    got = lookahead_samples(True, np.int64(35))
    assert got == 35 and type(got) is int


def test_lookahead_samples_refused_without_exchange() -> None:
    with pytest.raises(OptionError, match=r"lookahead_samples applies to the exchange"):
        lookahead_samples(False, 50)


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "50"])
def test_lookahead_samples_must_be_positive_whole(bad) -> None:
    with pytest.raises(OptionError) as info:
        lookahead_samples(True, bad)
    assert "lookahead_samples must be a positive whole number" in str(info.value)
    assert repr(bad) in str(info.value)


def test_wild_can_be_ace_not_given_means_true() -> None:
    assert wild_can_be_ace(ELDORADO, "low", None) is True
    assert wild_can_be_ace(HOLDEM, "high", None) is True


@pytest.mark.parametrize("value", [True, False, np.bool_(False)])
def test_wild_can_be_ace_given_in_eldorado_low(value) -> None:
    got = wild_can_be_ace(ELDORADO, "low", value)
    assert got is bool(value)


@pytest.mark.parametrize(("name", "mode"), [("eldorado", "high"), ("holdem", "high"), ("omaha", "hi_lo")])
def test_wild_can_be_ace_refused_where_it_changes_nothing(name: str, mode: str) -> None:
    with pytest.raises(OptionError, match=r"wild_can_be_ace applies to the low of a game with wild cards"):
        wild_can_be_ace(get_game(name), mode, True)


def test_wild_can_be_ace_must_be_a_bool() -> None:
    with pytest.raises(OptionError, match=r"wild_can_be_ace must be True or False, got 'yes'"):
        wild_can_be_ace(ELDORADO, "low", "yes")


# ---------------------------------------------------------------------------------------------
# draw_policy_codes and check_draw_limits
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "code"), [("stand", STAND), ("standard", STANDARD), ("max", MAX),
                                            (" MAX ", MAX), ("Standard", STANDARD)])
def test_draw_policy_one_name_for_every_seat(name: str, code: int) -> None:
    codes = draw_policy_codes(name, 3)
    assert codes.dtype == np.int8
    assert codes.tolist() == [code] * 3


def test_draw_policy_one_per_seat() -> None:
    assert draw_policy_codes(["max", "stand", "standard"], 3).tolist() == [MAX, STAND, STANDARD]


def test_draw_policy_codes_fit_below_the_wild_bits() -> None:
    # packing the wild rank above the policy loses nothing only if every policy fits below it
    assert len({STAND, STANDARD, MAX}) == 3
    assert all(0 <= code < 1 << WILD_SHIFT for code in (STAND, STANDARD, MAX))


@pytest.mark.parametrize("wild_rank", range(13))
@pytest.mark.parametrize(("name", "code"), [("stand", STAND), ("standard", STANDARD), ("max", MAX)])
def test_draw_policy_wild_rank_packed_above_the_policy(wild_rank: int, name: str, code: int) -> None:
    # the docstring's definition: (wild_rank + 1) << WILD_SHIFT added to the policy's code
    expected = code + (wild_rank + 1) * 2**WILD_SHIFT
    codes = draw_policy_codes([name, name], 2, wild_rank)
    assert codes.tolist() == [expected, expected]
    # and the kernel's way back: the rank above the shift, the policy below it
    packed = int(codes[0])
    assert (packed >> WILD_SHIFT) - 1 == wild_rank
    assert packed & ((1 << WILD_SHIFT) - 1) == code


def test_draw_policy_deuces_wild_game_packs_rank_zero() -> None:
    game = define_game("deuces_draw_test", hole_cards=5, wild="2", phases=["draw"])
    codes = draw_policy_codes("standard", 2, game.fixed_wild_rank)
    assert codes.tolist() == [STANDARD + (0 + 1) * 2**WILD_SHIFT] * 2


def test_draw_policy_wrong_count() -> None:
    with pytest.raises(OptionError, match=r"policy lists 2 seats but there are 3 players"):
        draw_policy_codes(["max", "stand"], 3)


def test_draw_policy_unknown_name_names_the_seat() -> None:
    with pytest.raises(OptionError) as info:
        draw_policy_codes(["max", "bluff"], 2)
    assert str(info.value) == "unknown draw policy 'bluff' for seat 1: allowed are " + _DRAW_NAMES


def test_draw_policy_unknown_single_name() -> None:
    with pytest.raises(OptionError) as info:
        draw_policy_codes("bluff", 2)
    assert str(info.value) == "unknown draw policy 'bluff': allowed are " + _DRAW_NAMES


@pytest.mark.parametrize("bad", [3, b"max", None])
def test_draw_policy_neither_name_nor_list(bad) -> None:
    with pytest.raises(OptionError, match=r"policy must be a name \('stand', 'standard', 'max', 'switch_"):
        draw_policy_codes(bad, 2)


@pytest.mark.parametrize(("limit", "with_ace"), [(0, 0), (5, 5), (3, 4), (np.int64(2), np.int8(5)), (4, 1)])
def test_draw_limits_accepted(limit, with_ace) -> None:
    check_draw_limits(limit, with_ace)  # no error


@pytest.mark.parametrize("bad", [-1, 6, 3.0, True, "3"])
def test_draw_limit_refused(bad) -> None:
    expected = f"limit must be an integer from 0 to 5 cards, got {bad!r}"
    with pytest.raises(OptionError, match=rf"^{re.escape(expected)}$"):
        check_draw_limits(bad, 4)


@pytest.mark.parametrize("bad", [-1, 6, 4.0, False])
def test_draw_limit_with_ace_refused(bad) -> None:
    with pytest.raises(OptionError) as info:
        check_draw_limits(3, bad)
    text = str(info.value)
    assert text.startswith(f"limit_with_ace must be an integer from 0 to 5 cards, got {bad!r}")
    assert "max(limit, limit_with_ace)" in text


# ---------------------------------------------------------------------------------------------
# switch_options
# ---------------------------------------------------------------------------------------------
def test_switch_options_defaults_of_switch() -> None:
    # rule document 002: the standard policy, draw up to 3 (4 keeping an ace), switches to the left
    assert switch_options(get_game("switch")) == {
        "policy": "standard", "limit": 3, "limit_with_ace": 4, "reverse": False}


def test_switch_options_defaults_read_from_the_games_draw_phase() -> None:
    game = define_game("short_draw_test", hole_cards=5, phases=["draw"],
                       draw={"limit": 2, "limit_with_ace": 5})
    got = switch_options(game)
    assert (got["limit"], got["limit_with_ace"]) == (2, 5)
    # given limits win over the game's
    got = switch_options(game, draw_limit=1, draw_limit_with_ace=0)
    assert (got["limit"], got["limit_with_ace"]) == (1, 0)


def test_switch_options_given() -> None:
    got = switch_options(get_game("switch"), draw_policy=["max", "stand"], draw_limit=5,
                         draw_limit_with_ace=5, reverse=True)
    assert got == {"policy": ["max", "stand"], "limit": 5, "limit_with_ace": 5, "reverse": True}


def test_switch_options_game_without_switch_or_draw_is_empty() -> None:
    assert switch_options(HOLDEM) == {}
    assert switch_options(get_game("draw7")) == {}


@pytest.mark.parametrize("option", ["draw_policy", "draw_limit", "draw_limit_with_ace"])
def test_draw_option_refused_naming_games_with_a_draw(option: str) -> None:
    value = "max" if option == "draw_policy" else 2
    with pytest.raises(OptionError) as info:
        switch_options(HOLDEM, **{option: value})
    # the built-in games with a draw phase: five-card draw and Switch
    assert str(info.value) == (f"holdem has no switch or draw: {option} applies to games with a draw "
                               "(draw, switch)")


def test_reverse_refused_naming_games_with_a_switch() -> None:
    with pytest.raises(OptionError) as info:
        switch_options(get_game("omaha"), reverse=True)
    assert str(info.value) == ("omaha has no switch or draw: reverse applies to games with a switch "
                               "(switch, switch7, switch_holdem, switch_omaha, switch_tahoe)")


def test_reverse_refused_for_draw() -> None:
    with pytest.raises(OptionError, match=r"reverse sets the direction of the switch; draw has no switch"):
        switch_options(get_game("draw"), reverse=True)


def test_draw_options_refused_for_switch7() -> None:
    with pytest.raises(OptionError, match=r"switch7 has no draw: draw_policy, draw_limit applies"):
        switch_options(get_game("switch7"), draw_policy="max", draw_limit=2)
    assert switch_options(get_game("switch7"), reverse=True)["reverse"] is True


def test_switch_options_check_their_values() -> None:
    with pytest.raises(OptionError, match=r"reverse must be True or False, got 'yes'"):
        switch_options(get_game("switch"), reverse="yes")
    with pytest.raises(OptionError, match=r"limit must be an integer from 0 to 5 cards, got 9"):
        switch_options(get_game("switch"), draw_limit=9)


# ---------------------------------------------------------------------------------------------
# check_players
# ---------------------------------------------------------------------------------------------
# The most players each deck serves, worked out from the rule documents:
# Hold'em (52 - 5 board - 3 burns) // 2 = 22; Omaha 44 // 4 = 11; Spanish (28 - 8) // 2 = 10.
@pytest.mark.parametrize(("name", "most"), [("holdem", 22), ("omaha", 11), ("spanish", 10)])
def test_check_players_bounds(name: str, most: int) -> None:
    g = get_game(name)
    check_players(g, 2)
    check_players(g, most)
    check_players(g, np.int64(most))
    for bad in (1, most + 1):
        with pytest.raises(OptionError) as info:
            check_players(g, bad)
        assert str(info.value).startswith(f"players={bad}: {name} allows 2 to {most} players")


def test_check_players_refuses_what_the_deck_cannot_deal() -> None:
    # a description that claims more seats than its deck deals: 23 Hold'em hands need 46 + 8 cards
    generous = dataclasses.replace(HOLDEM, max_players=30)
    check_players(generous, 22)
    with pytest.raises(OptionError, match=r"52-card deck deals 2 hole cards each plus the board and burns"):
        check_players(generous, 23)


@pytest.mark.parametrize("bad", [2.0, True, "3", None])
def test_check_players_must_be_whole(bad) -> None:
    with pytest.raises(OptionError, match=r"players must be a whole number"):
        check_players(HOLDEM, bad)


# ---------------------------------------------------------------------------------------------
# fold_mask
# ---------------------------------------------------------------------------------------------
def test_fold_mask_none_is_nobody() -> None:
    mask = fold_mask(None, 4, 3)
    assert mask.shape == (4, 3) and mask.dtype == np.bool_ and not mask.any()


def test_fold_mask_one_row_for_every_deal() -> None:
    mask = fold_mask([False, True, False], 4, 3)
    assert mask.shape == (4, 3) and mask.dtype == np.bool_
    assert mask.flags.c_contiguous
    assert mask.tolist() == [[False, True, False]] * 4


def test_fold_mask_zeros_and_ones_read_as_booleans() -> None:
    assert fold_mask([0, 1, 0], 2, 3).tolist() == [[False, True, False]] * 2


def test_fold_mask_one_row_per_deal() -> None:
    rows = [[True, False, False], [False, False, True]]
    mask = fold_mask(np.array(rows), 2, 3)
    assert mask.tolist() == rows and mask.flags.c_contiguous
    # a non-contiguous view comes back contiguous with the same values
    view = np.array([[True, False, False, True], [False, False, True, True]])[:, :3]
    got = fold_mask(view, 2, 3)
    assert got.flags.c_contiguous and got.tolist() == rows


@pytest.mark.parametrize("shape", [(2, 3), (4, 2), (2,), (4, 3, 1)])
def test_fold_mask_wrong_shape_names_the_expected_shapes(shape) -> None:
    with pytest.raises(InvalidInputError) as info:
        fold_mask(np.zeros(shape, dtype=bool), 5, 3, "folds")
    text = str(info.value)
    assert f"folds has shape {shape}" in text
    assert "expected (3,) or (5, 3)" in text


@pytest.mark.parametrize(("bad", "words"), [([0, 2, 0], "got 2"), ([0.0, 1.0, 0.0], "got float64"),
                                             (["yes", "no", "no"], "True = folded")])
def test_fold_mask_non_boolean_values_refused(bad, words: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        fold_mask(bad, 2, 3)
    assert str(info.value).startswith("folded must be a mask of booleans")
    assert words in str(info.value)


def test_fold_mask_every_player_folded_names_the_deal() -> None:
    rows = np.zeros((5, 3), dtype=bool)
    rows[3] = True
    rows[4] = True
    with pytest.raises(InvalidInputError) as info:
        fold_mask(rows, 5, 3)
    assert str(info.value) == "deal 3: every player folded: at least one player must be left in the hand"


def test_fold_mask_every_player_folded_in_one_row_for_all() -> None:
    with pytest.raises(InvalidInputError, match=r"^deal 0: every player folded"):
        fold_mask([True, True], 3, 2)


def test_fold_mask_single_showdown_message() -> None:
    with pytest.raises(InvalidInputError) as info:
        fold_mask([True, True, True], 1, 3, single=True)
    assert str(info.value) == "every player folded: at least one player must be left in the hand"


# ---------------------------------------------------------------------------------------------
# stakes
# ---------------------------------------------------------------------------------------------
def test_stakes_single_showdown() -> None:
    chips, per_row = stakes([10, 0, 25], (3,), "high", True)
    assert chips.dtype == np.int64 and chips.tolist() == [10, 0, 25]
    assert per_row is False


def test_stakes_one_row_for_every_deal() -> None:
    for given in ([5, 6, 7], [[5, 6, 7]]):
        chips, per_row = stakes(given, (4, 3), "high", False)
        assert chips.tolist() == [5, 6, 7] and per_row is False


def test_stakes_one_row_per_deal() -> None:
    rows = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.uint16)
    chips, per_row = stakes(rows, (2, 3), "high", False)
    assert chips.dtype == np.int64 and chips.tolist() == [1, 2, 3, 4, 5, 6]
    assert per_row is True


def test_stakes_wrong_count_single() -> None:
    with pytest.raises(InvalidInputError) as info:
        stakes([10, 20], (3,), "high", True)
    assert str(info.value) == "stakes has 2 entries, one per player, but high has 3"


def test_stakes_wrong_shape_many() -> None:
    with pytest.raises(InvalidInputError) as info:
        stakes(np.ones((2, 3), dtype=int), (4, 3), "high", False)
    assert str(info.value) == "stakes has shape (2, 3) but high has shape (4, 3)"
    with pytest.raises(InvalidInputError,
                       match=r"stakes has 2 entries, one per player, but each deal of high has 3"):
        stakes([1, 2], (4, 3), "high", False)


def test_stakes_negative_named() -> None:
    with pytest.raises(InvalidInputError) as info:
        stakes([10, -5, 0], (3,), "high", True)
    assert str(info.value) == "stakes must be non-negative chips: player 1 has -5"
    with pytest.raises(InvalidInputError) as info:
        stakes([[1, 2, 3], [4, 5, -1]], (2, 3), "high", False)
    assert str(info.value) == "stakes must be non-negative chips: deal 1, player 2 has -1"


def test_stakes_not_integers() -> None:
    with pytest.raises(InvalidInputError, match=r"stakes must be integers, got float64"):
        stakes([1.0, 2.0], (2,), "high", True)


def test_stakes_shapes_refused() -> None:
    with pytest.raises(InvalidInputError, match=r"stakes must have shape \(players,\), got shape \(1, 2\)"):
        stakes([[1, 2]], (2,), "high", True)
    with pytest.raises(InvalidInputError, match=r"stakes is empty"):
        stakes(np.zeros(0, dtype=int), (2,), "high", True)


def test_stakes_too_large() -> None:
    top = np.iinfo(np.int64).max
    # three stakes of 2**61 make a pot of 3 * 2**61 < 2**63: accepted
    stakes([2**61] * 3, (3,), "high", True)
    # a stake of 2**62 among three players could make a pot above 2**63 - 1
    with pytest.raises(InvalidInputError, match=rf"stakes are too large: a pot must stay below {top} chips"):
        stakes([2**62, 1, 0], (3,), "high", True)
    with pytest.raises(InvalidInputError, match=r"stakes hold a value above"):
        stakes(np.array([2**63, 0], dtype=np.uint64), (2,), "high", True)


# ---------------------------------------------------------------------------------------------
# One option, one refusal, wherever it is given
# ---------------------------------------------------------------------------------------------
def _message(call) -> str:
    with pytest.raises(InvalidInputError) as info:
        call()
    return str(info.value)


def test_unknown_draw_policy_same_words_in_calc_simulate_and_play_switch() -> None:
    texts = {
        "calc": _message(lambda: equity.calc("switch", ["random", "random"], trials=100, seed=1,
                                             draw_policy="bluff")),
        "simulate": _message(lambda: equity.simulate("switch", 2, 10, seed=1, draw_policy="bluff")),
        "play_switch": _message(lambda: play_switch(2, 10, seed=1, policy="bluff")),
    }
    expected = "unknown draw policy 'bluff': allowed are " + _DRAW_NAMES
    assert set(texts.values()) == {expected}, texts


def test_every_player_folded_same_words_in_simulate_play_switch_and_settle() -> None:
    core = "every player folded: at least one player must be left in the hand"
    simulated = _message(lambda: equity.simulate("holdem", 3, 10, seed=1, folds=[True] * 3))
    switched = _message(lambda: play_switch(3, 10, seed=1, folded=[True] * 3))
    played = _message(lambda: equity.play_deals("switch", 3, 10, seed=1, folds=[True] * 3))
    settled = _message(lambda: equity.settle([5, 3], [10, 10], folded=[True, True]))
    # many deals name the first deal with no one left; a single showdown has no deal to name
    assert simulated == switched == played == f"deal 0: {core}"
    assert settled == core


def test_unknown_exchange_policy_same_words_in_calc_and_simulate() -> None:
    calc_text = _message(lambda: equity.calc("eldorado", ["random", "random"], trials=100, seed=1,
                                             policies="bluff"))
    simulate_text = _message(lambda: equity.simulate("eldorado", 2, 10, seed=1, policies="bluff"))
    assert calc_text == simulate_text
    assert calc_text.startswith("unknown exchange policy 'bluff'")


def test_bad_draw_limit_same_words_in_calc_simulate_and_play_switch() -> None:
    texts = {
        _message(lambda: equity.calc("switch", ["random", "random"], trials=100, seed=1, draw_limit=7)),
        _message(lambda: equity.simulate("switch", 2, 10, seed=1, draw_limit=7)),
        _message(lambda: play_switch(2, 10, seed=1, limit=7)),
    }
    assert texts == {"limit must be an integer from 0 to 5 cards, got 7"}
