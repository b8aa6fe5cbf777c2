"""Tidy, typed results (issue 29, item 6): every result frame's ``attrs`` name the game, method,
seed and trials; category columns are Categoricals in the game's ranking."""

from __future__ import annotations

import pandas as pd
import pytest

import equity
from equity.evaluator import categories_dtype, category_dtype

RESULT_KEYS = ("game", "method", "seed", "trials")


FRAMES = {  # name -> (the result, its method, seed and trials)
    "calc exact": (lambda: equity.calc("holdem", ["AhKh", "QsQd"], board="Qh7c2d"), ("exact", None, None)),
    "calc monte carlo": (lambda: equity.calc("holdem", ["AhKh", "random"], trials=2000, seed=5),
                         ("monte carlo", 5, 2000)),
    "calc by combo": (lambda: equity.calc("holdem", ["QQ+", "JJ"], board="Qh7c2d", by="combo"),
                      ("exact", None, None)),
    "equity_distribution": (lambda: equity.equity_distribution("holdem", "AK", "QQ", board="Qh7c2d",
                                                               trials=500, seed=2), ("monte carlo", 2, 500)),
    "simulate": (lambda: equity.simulate("tahoe", 3, 50, seed=4), ("monte carlo", 4, 50)),
    "simulate aggregate": (lambda: equity.simulate("holdem", 2, 300, seed=6, aggregate=True),
                           ("monte carlo", 6, 300)),
    "board_hits": (lambda: equity.board_hits("holdem", "QQ+, AKs", "Qh7h2c"), ("exact", None, None)),
    "board_hits by combo": (lambda: equity.board_hits("omaha", "AA**", "Qh7h2c", by="combo"),
                            ("exact", None, None)),
}


@pytest.mark.parametrize("name", FRAMES)
def test_every_result_frame_names_game_method_seed_and_trials(name) -> None:
    make, expected = FRAMES[name]
    frame = make()
    missing = [key for key in RESULT_KEYS if key not in frame.attrs]
    assert not missing, f"{name}: attrs lack {missing}"
    assert (frame.attrs["method"], frame.attrs["seed"], frame.attrs["trials"]) == expected
    assert isinstance(frame.attrs["game"], str)


def test_hand_order_names_its_method_seed_and_trials() -> None:
    order = equity.hand_order("holdem")
    assert all(key in order.attrs for key in RESULT_KEYS) and order.attrs["game"] == "holdem"


def test_a_games_category_dtype_is_its_ranking_read_from_its_description() -> None:
    for name in ("holdem", "spanish", "egyptian", "eldorado"):
        dtype = category_dtype(name)
        assert dtype.ordered
        assert dtype.categories.tolist() == [str(c) for c in reversed(equity.get_game(name).ranking)]
    spanish = pd.Series(["full_house", "flush"], dtype=category_dtype("spanish"))
    assert spanish.max() == "flush" and (spanish > "full_house").tolist() == [False, True]  # flush above
    holdem = pd.Series(["full_house", "flush"], dtype=category_dtype("holdem"))
    assert holdem.max() == "full_house"


def test_games_of_one_ranking_share_an_ordered_dtype_and_of_several_an_unordered_one() -> None:
    alike = categories_dtype(["tahoe", "holdem", "omaha"], before=["all"])
    assert alike.ordered and alike.categories.tolist() == ["all", *category_dtype("holdem").categories]
    mixed = categories_dtype(["holdem", "spanish", "egyptian"])
    assert not mixed.ordered
    assert set(mixed.categories) == {str(c) for g in ("holdem", "spanish", "egyptian")
                                     for c in equity.get_game(g).ranking}
    column = pd.Series(["flush", "full_house"], dtype=mixed)
    with pytest.raises(TypeError):  # no order is right for every game: comparing is refused
        column.max()
    # one game's rows take its own order
    assert column.astype(category_dtype("spanish")).max() == "flush"


# ---------------------------------------------------------------------------------------------
# Study tables: categories, lists and attrs through Parquet
# ---------------------------------------------------------------------------------------------
def test_parquet_keeps_categories_lists_and_attrs(tmp_path) -> None:
    from simulations import harness

    kinds = category_dtype("spanish")
    for rows in (["flush", "full_house"], []):  # an empty table keeps its categories too
        frame = pd.DataFrame({"category": pd.Series(rows, dtype=kinds),
                              "beats": pd.Series([["straight"], []][:len(rows)], dtype=object)})
        frame.attrs.update(game="spanish", method="monte carlo", seed=1, trials=10)
        path = tmp_path / f"t{len(rows)}.parquet"
        harness.write_parquet(frame, path)
        back = harness.read_parquet(path)
        pd.testing.assert_frame_equal(back, frame, check_exact=True)
        assert back.category.dtype == kinds and back.attrs == frame.attrs
        assert [type(x) for x in back.beats] == [list] * len(rows)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    from simulations import harness

    out = tmp_path_factory.mktemp("typed")
    small = {"deals": 600, "players": "2", "out": out, "progress": False, "seed": 3}
    return {
        "spanish": harness.run_study("rarity", params={"games": "spanish"}, **small),
        "mixed": harness.run_study("rarity", params={"games": "holdem,spanish"}, **small),
        "tahoe": harness.run_study("tahoe-usage", **small),
        "switch": harness.run_study("switch-pairs", params={"policies": "standard"}, **small),
    }


def test_study_category_columns_follow_the_games_ranking(runs) -> None:
    from simulations.switch_pairs import PAT
    from simulations.tahoe_usage import ALL

    spanish = runs["spanish"].table.category
    assert spanish.dtype == category_dtype("spanish")
    order = list(spanish.cat.categories)
    assert order.index("flush") > order.index("full_house")  # as the rule document ranks them
    inversions = runs["spanish"].tables["inversions"]
    assert inversions.higher.dtype == inversions.lower.dtype == category_dtype("spanish")
    assert (inversions.higher > inversions.lower).all()  # higher-ranked first, in the game's order
    mixed = runs["mixed"].table
    assert not mixed.category.cat.ordered and "rank" in mixed  # no order is right for both games
    tahoe = runs["tahoe"].tables
    for name in ("result", "all_three"):
        assert tahoe[name].category.dtype.categories.tolist() == [ALL, *category_dtype("tahoe").categories]
        assert tahoe[name].category.cat.ordered
    switch = runs["switch"].tables
    assert switch["categories"].category.dtype == switch["pat_equity"].dealt.dtype
    categories = switch["categories"].category.cat.categories.tolist()
    assert categories == [PAT, *category_dtype("switch").categories]


def test_a_list_column_is_a_list_through_parquet(runs) -> None:
    from simulations import harness

    run = runs["spanish"]
    loaded = harness.load_run(run.directory)
    for tables in (run.tables, loaded.tables):
        rarer = tables["result"].more_common_than
        assert all(isinstance(x, list) for x in rarer) and any(len(x) > 1 for x in rarer)
    for name, table in run.tables.items():
        pd.testing.assert_frame_equal(loaded.tables[name], table, check_exact=True)


def test_every_study_table_names_its_game_method_seed_and_trials(runs) -> None:
    from simulations import harness

    for key, run in runs.items():
        for name, table in [*run.tables.items(), *harness.load_run(run.directory).tables.items()]:
            attrs = table.attrs
            assert list(attrs)[:4] == list(RESULT_KEYS), (key, name)
            assert attrs["method"] == "monte carlo" and attrs["seed"] == 3 and attrs["trials"] == 600
            assert attrs["study"] == run.record["study"] and attrs["table"] == name
            assert attrs["run_id"] == run.record["run_id"]
    assert runs["spanish"].table.attrs["game"] == "spanish"
    assert runs["mixed"].table.attrs["game"] == ["holdem", "spanish"]


def test_a_run_stored_before_tables_were_typed_is_refused(runs, tmp_path, run_cli) -> None:
    import json
    import shutil

    from simulations import harness

    folder = tmp_path / runs["spanish"].directory.name
    shutil.copytree(runs["spanish"].directory, folder)
    record = json.loads((folder / "record.json").read_text())
    del record["table_format"]
    (folder / "record.json").write_text(json.dumps(record))
    with pytest.raises(harness.StoredRunError, match="before its tables were typed.*--rerun"):
        harness.load_run(folder)
    code, out, err = run_cli("sim", "show", str(folder))
    assert code == 2 and out == "" and "--rerun" in err


def test_push_fold_tables_name_their_matrix_and_store_policies_as_a_list(tmp_path) -> None:
    from simulations import harness

    run = harness.run_study("push-fold", deals=1, players="2", out=tmp_path, progress=False,
                            params={"games": "holdem", "stack_min": 5.0, "stack_max": 5.5})
    for table in [*run.tables.values(), *harness.load_run(run.directory).tables.values()]:
        # an exact class matrix: no seed, no trials (not the harness's deals)
        assert (table.attrs["method"], table.attrs["seed"], table.attrs["trials"]) == ("exact", None, None)
        assert table.attrs["game"] == "holdem"
    policies = harness.load_run(run.directory).tables["matrices"].policies
    assert [type(p) for p in policies] == [list] and policies[0] == []
