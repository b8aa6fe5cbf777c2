"""Fingerprints of a fixed set of results, so a reorganisation of the code changes no number.

Each case runs a small, seeded ``calc``, ``simulate``, ``play_switch`` or study over every game
and mode (exact, Monte Carlo, hi-lo, low, exchange policies, draw and Switch policies, stakes,
folds, custom games) and hashes its result: every column's values (floats to 12 significant
digits, which a change of summation order cannot reach but any change of a deal or a rule does),
the shape and the attributes that describe the run.  ``tests/fingerprints.json`` holds the hashes
of the committed code.  A commit that changes a result on purpose updates the file in that
commit alone, saying why in its message:

    EQUITY_UPDATE_FINGERPRINTS=1 python -m pytest tests/test_fingerprints.py -n 0

The Hold'em Monte Carlo cases the AVX-512 blocks play (two known hands heads-up, and known,
random and range hands: :data:`PER_PATH`) have one fingerprint per vector path: the blocks and the scalar
kernels draw their cards from different streams.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import equity

STORE = Path(__file__).with_name("fingerprints.json")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
UPDATE = os.environ.get("EQUITY_UPDATE_FINGERPRINTS") == "1"
#: Run attributes that describe what was computed (not how long it took).
ATTRS = ("method", "outcomes", "trials", "seed", "game", "board", "dead", "pot", "players", "deals")


def _text(values: np.ndarray) -> str:
    if values.dtype.kind == "f":
        return ",".join(f"{v:.12g}" for v in values.tolist())
    if values.dtype.kind == "b":
        return "".join("1" if v else "0" for v in values.tolist())
    return ",".join(str(v) for v in values.tolist())


def frame_digest(frame: pd.DataFrame) -> str:
    """A hash of a result table: column names, values and the run's attributes."""
    digest = hashlib.sha256()
    digest.update(repr(frame.shape).encode())
    for name in frame.columns:
        column = frame[name]
        values = column.astype(str).to_numpy() if column.dtype.kind not in "biuf" else column.to_numpy()
        digest.update(f"|{name}:".encode())
        digest.update(_text(np.asarray(values)).encode())
    attrs = {k: frame.attrs[k] for k in ATTRS if k in frame.attrs}
    digest.update(json.dumps(attrs, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


def arrays_digest(result: dict) -> str:
    """A hash of a dict of arrays (``play_switch``'s result)."""
    digest = hashlib.sha256()
    for name in sorted(result):
        value = np.asarray(result[name])
        digest.update(f"|{name}{value.shape}:".encode())
        digest.update(_text(value.ravel()).encode())
    return digest.hexdigest()[:16]


def _game(name: str):
    return equity.load_game(EXAMPLES / f"{name}.toml")


# ---------------------------------------------------------------------------------------------
# The cases: name -> function returning a digest
# ---------------------------------------------------------------------------------------------
def _calc(*args, **kwargs):
    return lambda: frame_digest(equity.calc(*args, progress=False, **kwargs))


def _simulate(*args, **kwargs):
    return lambda: frame_digest(equity.simulate(*args, progress=False, **kwargs))


def _switch(*args, **kwargs):
    from equity.switch import play_switch

    return lambda: arrays_digest(play_switch(*args, **kwargs))


FOLD_ROW = [False, True, False]
CASES = {
    # calc: exact
    "calc/holdem/exact-duel": _calc("holdem", ["AhKh", "QsQd"]),
    "calc/holdem/exact-flop-3": _calc("holdem", ["AhKh", "QsQd", "Tc9c"], board="Qh7c2d"),
    "calc/holdem/exact-ranges": _calc("holdem", ["QQ+, AKs", "JJ-99"], board="2c7d8h", exact=True),
    "calc/holdem/exact-random-turn": _calc("holdem", ["AhKh", "random"], board="Qh7c2dTs", dead="3c"),
    "calc/omaha/exact-turn": _calc("omaha", ["AhKhQsJs", "9c9d8c7d"], board="Qh7c2dTs"),
    "calc/omaha/exact-hilo-turn": _calc("omaha", ["AhKh2s3s", "9c9d8c7d"], board="4h7c5dTs", hi_lo=True),
    "calc/tahoe/exact-flop": _calc("tahoe", ["AhKhQs", "9c9d8c"], board="Qh7c2d"),
    "calc/tahoe/exact-hilo-turn": _calc("tahoe", ["Ah2h3s", "9c9d8c"], board="4h7c5dTs", hi_lo=True),
    "calc/spanish/exact-flop": _calc("spanish", ["AhKh", "QsQd"], board="Jh9c8d"),
    "calc/egyptian/exact-turn": _calc("egyptian", ["AhKh", "QsQd"], board="Qh7c2dTs3c"),
    "calc/eldorado/exact-after-exchange": _calc("eldorado", ["AhKh", "QsQd"], board="Qh7cKd", wild="K"),
    "calc/eldorado/exact-no-wild": _calc("eldorado", ["AhKh", "QsQd"], board="Qh7c2d", wild="none"),
    "calc/short_deck/exact": lambda: frame_digest(equity.calc(_game("short_deck_holdem"), ["AhKh", "QsQd"],
                                                              board="Qh7c9d", progress=False)),
    # calc: Monte Carlo
    "calc/holdem/mc-random": _calc("holdem", ["AhKh", "random"], trials=40_000, seed=3),
    "calc/holdem/mc-six": _calc("holdem", ["AhKh", "QsQd", "random", "random", "Tc9c", "22"],
                                trials=40_000, seed=4),
    "calc/holdem/mc-ranges": _calc("holdem", ["QQ+, AKs", "JJ-99, AQs:0.5"], trials=40_000, seed=5),
    "calc/omaha/mc-hilo": _calc("omaha", ["AhKh2s3s", "random", "random"], hi_lo=True, trials=20_000, seed=6),
    "calc/omaha/mc-listed": _calc("omaha", ["AhKhQsJs, AcKcQdJd", "random"], trials=20_000, seed=7),
    "calc/tahoe/mc-hilo": _calc("tahoe", ["Ah2h3s", "random", "random"], hi_lo=True, trials=20_000, seed=8),
    "calc/spanish/mc": _calc("spanish", ["AhKh", "random", "random"], trials=20_000, seed=9),
    "calc/egyptian/mc": _calc("egyptian", ["AhKh", "random", "QQ"], trials=20_000, seed=10),
    "calc/eldorado/mc-greedy": _calc("eldorado", ["AhKh", "random", "random"], trials=6_000, seed=11),
    "calc/eldorado/mc-policies": _calc("eldorado", ["AhKh", "QsQd", "random"], board="Qh7c2d",
                                       policies=["never", "lookahead", "greedy"], lookahead_samples=10,
                                       trials=3_000, seed=12),
    "calc/eldorado/mc-low": _calc("eldorado", ["Ah2h", "random"], pot="low", wild_can_be_ace=False,
                                  trials=6_000, seed=13),
    "calc/switch/mc": _calc("switch", ["AhKhQhJhTh", "random", "random"], trials=20_000, seed=14),
    "calc/switch/mc-policies": _calc("switch", ["random", "random", "random"],
                                     draw_policy=["stand", "max", "standard"], reverse=True,
                                     draw_limit=2, trials=20_000, seed=15),
    "calc/switch/mc-listed": _calc("switch", ["AhAdKcKs2h, QhQdJcJs3h", "random"], trials=20_000, seed=16),
    "calc/switch7/mc": _calc("switch7", ["random", "random"], trials=20_000, seed=17),
    "calc/draw/mc": _calc("draw", ["AhAd7c4s2h", "random"], trials=20_000, seed=18),
    "calc/deuces_wild/mc": lambda: frame_digest(equity.calc(
        _game("deuces_wild_draw"), ["2h2d7c4sKh", "random"], trials=20_000, seed=19, progress=False)),
    "calc/pineapple/mc": lambda: frame_digest(equity.calc(_game("pineapple_one"), ["AhKhQh", "random"],
                                                          trials=20_000, seed=20, progress=False)),
    "calc/crazy_pineapple/mc": lambda: frame_digest(equity.calc(
        _game("crazy_pineapple"), ["AhAdKs", "random", "7c8c9c"], trials=20_000, seed=26, progress=False)),
    "calc/double_board_omaha/mc": lambda: frame_digest(equity.calc(
        _game("double_board_omaha"), ["AhKh2c3c", "random"], board="Qc7h4d / KsKd5h", trials=20_000, seed=27,
        progress=False)),
    "calc/seven_card_stud/mc-partial": lambda: frame_digest(equity.calc(
        _game("seven_card_stud"), ["AsAd3h", "??KdKc", "random"], trials=20_000, seed=28, progress=False)),
    "calc/switch_holdem/mc": _calc("switch_holdem", ["AhAd", "KsKc", "random"], trials=20_000, seed=29),
    # simulate: per deal
    **{f"simulate/{g}/deals": _simulate(g, 3, 700, seed=21) for g in equity.GAMES},
    "simulate/double_board_omaha/stakes": lambda: frame_digest(equity.simulate(
        _game("double_board_omaha"), 3, 500, seed=30, stakes=[10, 40, 40], progress=False)),
    "simulate/irish/deals": lambda: frame_digest(equity.simulate(_game("irish"), 3, 500, seed=31,
                                                                 progress=False)),
    "simulate/razz/deals": lambda: frame_digest(equity.simulate(_game("razz"), 4, 500, seed=32,
                                                                progress=False)),
    "simulate/follow_the_queen/deals": lambda: frame_digest(equity.simulate(_game("follow_the_queen"), 4, 500,
                                                                            seed=33, progress=False)),
    "simulate/omaha/hilo-stakes": _simulate("omaha", 3, 700, seed=22, pot="hi_lo", stakes=[10, 40, 40]),
    "simulate/tahoe/hilo-folds": _simulate("tahoe", 3, 700, seed=23, pot="hi_lo", folds=FOLD_ROW),
    "simulate/eldorado/low": _simulate("eldorado", 3, 500, seed=24, pot="low", wild_can_be_ace=False),
    "simulate/eldorado/policies": _simulate("eldorado", 3, 300, seed=25,
                                            policies=["lookahead", "never", "greedy"],
                                            lookahead_samples=10, folds=FOLD_ROW),
    "simulate/switch/policies": _simulate("switch", 4, 700, seed=26,
                                          draw_policy=["stand", "max", "standard", "max"], draw_limit=2,
                                          draw_limit_with_ace=3, reverse=True, stakes=[5, 5, 9, 9]),
    "simulate/switch/folds": _simulate("switch", 3, 700, seed=27, folds=FOLD_ROW),
    "simulate/deuces_wild/deals": lambda: frame_digest(equity.simulate(_game("deuces_wild_draw"), 3, 700,
                                                                       seed=28)),
    "simulate/short_deck/deals": lambda: frame_digest(equity.simulate(_game("short_deck_holdem"), 3, 700,
                                                                      seed=29)),
    # simulate: aggregated
    **{f"simulate/{g}/aggregate": _simulate(g, 4, 40_000, seed=30, aggregate=True) for g in equity.GAMES},
    "simulate/holdem/aggregate-folds": _simulate("holdem", 3, 40_000, seed=31, aggregate=True,
                                                 folds=FOLD_ROW),
    "simulate/switch/aggregate-folds": _simulate("switch", 3, 40_000, seed=32, aggregate=True, folds=FOLD_ROW,
                                                 draw_policy="max"),
    "simulate/omaha/aggregate-hilo": _simulate("omaha", 3, 20_000, seed=33, aggregate=True, pot="hi_lo"),
    "simulate/eldorado/aggregate-stakes": _simulate("eldorado", 3, 3_000, seed=34, aggregate=True,
                                                    stakes=[3, 6, 9]),
    # play_switch
    "play_switch/default": _switch(4, 3000, seed=35),
    "play_switch/seven": _switch(3, 3000, seed=36, seven_card=True),
    "play_switch/policies": _switch(3, 3000, seed=37, policy=["stand", "max", "standard"], limit=2,
                                    limit_with_ace=4, reverse=True, folded=FOLD_ROW, chunk_size=1000,
                                    threads=2),
    "play_switch/trace": _switch(2, 200, seed=38, trace=True),
    "play_switch/draw": _switch(3, 3000, seed=39, game="draw"),
}


def _study(name: str, **kwargs):
    def run(tmp: Path) -> str:
        from simulations import harness

        result = harness.run_study(name, seed=40, out=tmp, progress=False, **kwargs)
        return ":".join(frame_digest(result.tables[key]) for key in sorted(result.tables))

    return run


STUDIES = {
    "study/eldorado-swap": _study("eldorado-swap", deals=600, players="2,3",
                                  params={"profiles": "never,greedy,lookahead", "lookahead_deals": 100}),
    "study/switch-pairs": _study("switch-pairs", deals=3000, players="2,5"),
    "study/tahoe-usage": _study("tahoe-usage", deals=3000, players="2,6"),
    "study/rarity": _study("rarity", deals=2000, players="2,6"),
    "study/starting-hands": _study("starting-hands", deals=2048, players="2",
                                   params={"games": "holdem,tahoe"}),
}


#: The cases whose cards the AVX-512 blocks deal where they run (``equity._kernels.simd``'s
#: heads-up blocks, ``equity._kernels.open_blocks``): stored as ``name@path`` for each vector path.
PER_PATH = ("calc/holdem/mc-random", "calc/holdem/mc-six", "calc/holdem/mc-ranges", "study/starting-hands")


def _stored() -> dict:
    return json.loads(STORE.read_text()) if STORE.exists() else {}


def _check(name: str, value: str) -> None:
    if name in PER_PATH:
        name = f"{name}@{equity.vector_path()}"
    if UPDATE:
        stored = _stored()
        stored[name] = value
        STORE.write_text(json.dumps(dict(sorted(stored.items())), indent=1) + "\n")
        return
    stored = _stored()
    assert name in stored, f"no stored fingerprint for {name}: run with EQUITY_UPDATE_FINGERPRINTS=1"
    assert value == stored[name], f"{name}: the result changed ({value} against {stored[name]})"


@pytest.mark.parametrize("name", sorted(CASES))
def test_fingerprint(name):
    _check(name, CASES[name]())


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_study_fingerprint(name, tmp_path):
    _check(name, STUDIES[name](tmp_path))


def test_duel_fingerprint():
    """Two known hands heads-up preflop: one fingerprint per vector path."""
    path = equity.vector_path()
    frame = equity.calc("holdem", ["AhKh", "QsQd"], trials=200_000, seed=41, progress=False)
    _check(f"calc/holdem/mc-duel@{path}", frame_digest(frame))


def test_digest_sees_a_change():
    """The digest is not blind: one value changed in the last digit kept changes it."""
    frame = pd.DataFrame({"equity": [0.25, 0.75], "hand": ["AhKh", "QsQd"]})
    other = frame.copy()
    other.loc[1, "equity"] = 0.75 + 1e-9
    assert frame_digest(frame) != frame_digest(other)
    assert frame_digest(frame) == frame_digest(frame.copy())
