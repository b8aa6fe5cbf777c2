"""The range explorer: a range against another on a board, in any board game, as numbers, a chart
and a Jupyter widget whose callbacks are plain methods.

:func:`explore` asks the toolkit's own questions of one spot: each hand of the range with its
equity (:func:`equity.equity_distribution`, Monte Carlo with a standard error per hand), the same
by hand class, and how the range hits the board (:func:`equity.board_hits`, exact).  :func:`draw`
charts them in the house style (:mod:`equity.plotting`): the rank grid coloured by equity in the
two-card games (13 x 13, 7 x 7 for Spanish poker), the best classes with their 95% intervals in
Omaha and Tahoe, which have no grid; the equity distribution; the board hits.

:class:`RangeExplorer` puts controls on it (game, range, opponent's range, board, El Dorado's
wild rank, trials per hand) with `ipywidgets <https://ipywidgets.readthedocs.io>`_, imported only
when an explorer is made (``pip install 'equity[notebooks]'``).  Every control calls
:meth:`RangeExplorer.refresh`, which can be called (or triggered by setting a control's value)
from code as well: bad input is shown as a message in the widget, never raised.
``notebooks/09_range_explorer.ipynb`` shows it.
"""

from __future__ import annotations

import html
import io
import time
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from equity.errors import InvalidInputError, OptionError

if TYPE_CHECKING:  # pragma: no cover - typing only
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["GAMES", "EXAMPLES", "Example", "TRIALS_CHOICES", "DEFAULT_TRIALS", "EXPLORER_SEED", "MAX_HANDS",
           "TOP_CLASSES", "EXCHANGE_TO_COME", "Exploration", "explore", "draw", "RangeExplorer"]

#: The games the explorer offers: the board games with ranges and a hand ordering (percent ranges).
GAMES = ("holdem", "spanish", "egyptian", "eldorado", "omaha", "tahoe")


@dataclass(frozen=True)
class Example:
    """A range against an opponent's range on a board, as text (``board`` empty before the flop)."""

    hero: str
    villain: str
    board: str


#: Each game's example spot, loaded for whatever no longer reads when the game is switched.
EXAMPLES: dict[str, Example] = {
    "holdem": Example("20%", "10%", "Ks9h4c"),
    "spanish": Example("25%", "random", "Ks9hJc"),
    "egyptian": Example("20%", "10%", "Ks9h4c"),
    "eldorado": Example("10%", "random", "Ks9h4c"),
    "omaha": Example("AA[KQ]* ds", "random", "Ks9h4c"),
    "tahoe": Example("AA*, AxKx*", "random", "Ks9h4c"),
}
#: The trials per hand the explorer offers (Monte Carlo, each hand of the range played on its own).
TRIALS_CHOICES = (250, 1_000, 4_000, 16_000)
#: The default: a standard error of about 0.015 per hand and 0.001-0.002 for a range of a few
#: hundred hands, in a few hundred milliseconds per change on two cores.
DEFAULT_TRIALS = 1_000
#: The seed of every exploration (the same spot gives the same numbers).
EXPLORER_SEED = 20261205
#: Most hands in the explored range: each is played on its own (about 1 ms of calculator each).
MAX_HANDS = 2_000
#: Classes charted in the games without a rank grid (Omaha, Tahoe).
TOP_CLASSES = 15
#: The wild-rank choice of El Dorado that plays the exchange still to come (the default).
EXCHANGE_TO_COME = "exchange to come"


def _ranks(game: str) -> str:
    """The game's ranks, highest first (``"AKQJT98"`` for Spanish poker)."""
    from equity.cards import RANKS
    from equity.games import get_game

    return "".join(RANKS[r] for r in sorted(get_game(game).deck_ranks, reverse=True))


def _has_exchange(game: str) -> bool:
    from equity.games import Exchange, get_game
    from equity.options import has_phase

    return has_phase(get_game(game), Exchange)


def _check_game(game: str) -> str:
    if game not in GAMES:
        raise OptionError(f"the explorer plays {', '.join(GAMES)}; got {game!r}")
    return game


@dataclass(frozen=True)
class Exploration:
    """What :func:`explore` found for one spot.

    Attributes
    ----------
    game, hero, villain, board, wild
        The spot as given (``wild``: El Dorado's final wild rank, None while the exchange is to
        come).
    trials, seed
        Monte Carlo trials per hand of the range, and the seed.
    combos
        Each hand of the range, best first: :func:`equity.equity_distribution`'s table (``hand``,
        ``class``, ``probability``, ``equity``, ``stderr``, ``at_least``, ...).
    classes
        The same by hand class, best first (``hand`` is the class: ``"AKs"``, ``"AAKQ:abac"``).
    hits
        :func:`equity.board_hits` of the range on the board (by class), None before the flop.
    equity, stderr
        The range's equity against the opponent and its standard error.
    seconds
        Time of the calculation (the tables; not the chart).
    """

    game: str
    hero: str
    villain: str
    board: str
    wild: str | None
    trials: int
    seed: int
    combos: pd.DataFrame = field(repr=False)
    classes: pd.DataFrame = field(repr=False)
    hits: pd.DataFrame | None = field(repr=False)
    equity: float
    stderr: float
    seconds: float

    @property
    def two_card(self) -> bool:
        """Whether the game has a rank grid (two hole cards)."""
        from equity.games import get_game

        return get_game(self.game).hole_cards == 2

    @property
    def grid(self) -> pd.DataFrame | None:
        """The classes' equities on the rank grid (as :meth:`equity.Range.to_grid` lays it out:
        pairs on the diagonal, suited above it), NaN for classes outside the range; None in games
        without a grid."""
        if not self.two_card:
            return None
        import pandas as pd

        from equity.plotting import hand_grid_classes

        ranks = _ranks(self.game)
        values = dict(zip(self.classes.hand, self.classes.equity, strict=True))
        cells = [[values.get(name, np.nan) for name in row] for row in hand_grid_classes(ranks)]
        return pd.DataFrame(cells, index=pd.Index(list(ranks), name="row"),
                            columns=pd.Index(list(ranks), name="column"))

    def summary(self) -> str:
        """One line: the range's equity with its standard error, the spot and the size."""
        board = self.board or "no board (before the flop)"
        wild = "" if self.wild is None else f", wild {self.wild}"
        if self.wild is None and _has_exchange(self.game):
            wild = ", exchange to come"
        return (f"{self.game}: {self.hero} against {self.villain} on {board}{wild}: equity "
                f"{self.equity:.4f} (standard error {self.stderr:.4f}); {len(self.combos):,} hands, "
                f"{len(self.classes):,} classes; Monte Carlo, {self.trials:,} trials per hand, seed "
                f"{self.seed}")


def explore(game: str, hero: str, villain: str = "random", board: str = "", *, wild: str | None = None,
            trials: int = DEFAULT_TRIALS, seed: int = EXPLORER_SEED) -> Exploration:
    """A range against an opponent on a board: each hand's equity, the classes', the board hits.

    Parameters
    ----------
    game
        One of :data:`GAMES`.
    hero
        The range explored, as :func:`equity.parse_range` reads it (``"20%"``, ``"QQ+, AKs"``,
        ``"AA** ds"``), at most :data:`MAX_HANDS` live hands.
    villain
        The opponent: a range, a hand or ``"random"``.
    board
        The board so far (empty before the flop).
    wild
        El Dorado: the final wild rank (``"K"``, or ``"none"``) after the exchange; None (default)
        plays the exchange still to come (every seat greedy), and the board hits then take the
        board as it stands, with no wild rank yet.
    trials, seed
        Monte Carlo trials per hand of the range, and the seed of the whole exploration.

    Returns
    -------
    Exploration

    Raises
    ------
    InvalidInputError
        Whatever the calculator or the board analysis refuse (an unknown token, a card not in the
        deck, a board that ends no street), a hero that is not a range, or a range of more than
        :data:`MAX_HANDS` hands.

    Examples
    --------
    >>> x = explore("holdem", "QQ+, AKs", "JJ-99", "Qh7c2d", trials=1000)
    >>> len(x.combos), x.grid.shape, round(x.equity, 1)  # (0.795 exactly: 1,000 trials, +-0.013)
    (19, (13, 13), 0.8)
    """
    import equity
    from equity.calculator.breakdown import group_by_class
    from equity.calculator.question import game_cards, is_random
    from equity.games import get_game

    started = time.perf_counter()
    _check_game(game)
    game_cards(board, "board", get_game(game))  # a bad board is named as the board
    if is_random(hero):
        raise InvalidInputError("the explored range is 'random': give a range, e.g. '20%' or 'QQ+, AKs'")
    hands = len(equity.parse_range(hero, game=game, dead=board or None))
    if hands > MAX_HANDS:
        raise InvalidInputError(f"range {hero!r} holds {hands:,} live {game} hands; the explorer plays "
                                f"each one, at most {MAX_HANDS:,}: narrow it")
    rules = {} if wild is None else {"wild": wild}
    combos = equity.equity_distribution(game, hero, villain, board, trials=trials, seed=seed,
                                        progress=False, **rules)
    # the combinations grouped by class, as calc(..., by="class") groups them (one calculation
    # serves both tables)
    classes = group_by_class(combos).sort_values(["equity", "hand"], ascending=[False, True], kind="stable")
    hits = equity.board_hits(game, hero, board, wild=wild) if board.strip() else None
    return Exploration(game=game, hero=hero, villain=villain, board=board, wild=wild, trials=trials,
                       seed=seed, combos=combos, classes=classes.reset_index(drop=True), hits=hits,
                       equity=float(combos.attrs["equity"]), stderr=float(combos.attrs["stderr"]),
                       seconds=time.perf_counter() - started)


def draw(x: Exploration, *, top: int = TOP_CLASSES) -> Figure:
    """The exploration charted: the grid coloured by equity (or the ``top`` classes with their 95%
    intervals where the game has no grid), the equity distribution and the board hits.

    Examples
    --------
    >>> fig = draw(explore("holdem", "QQ+, AKs", "JJ-99", "Qh7c2d", trials=250))
    >>> len(fig.axes)  # the grid, its colour bar, the distribution, the hits
    4
    """
    from equity import plotting as P

    fig, (left, middle, right) = P.figure(1, 3, width=13.0, height=5.0)
    if x.two_card:
        values = dict(zip(x.classes.hand, x.classes.equity, strict=True))
        errors = dict(zip(x.classes.hand, x.classes.stderr, strict=True))
        P.hand_grid(left, values, ranks=_ranks(x.game), stderr=errors, vmin=0.0, vmax=1.0,
                    colorbar_label="equity of the class")
        P.label(left, title=f"the range by class (blank: not in it), {len(x.classes)} classes")
    else:
        best = x.classes.head(top)
        P.bars(left, [f"{h} ({n})" for h, n in zip(best.hand, best.combos, strict=True)],
               {"equity": (best.equity, best.stderr)}, horizontal=True)
        P.label(left, xlabel="equity (share of the pot)",
                title=f"best {len(best)} of {len(x.classes):,} classes (combinations)\n"
                        f"({x.game} has no rank grid)")
        left.set_xlim(0, 1)
    # the equity distribution: each hand's equity against the share of the range at or above it
    share = np.concatenate([[0.0], x.combos.at_least.to_numpy()])
    eq = x.combos.equity.to_numpy()
    band = P.interval(x.combos.stderr.to_numpy())
    low, high = np.append(eq - band, eq[-1] - band[-1]), np.append(eq + band, eq[-1] + band[-1])
    middle.fill_between(share, low, high, step="post", color=P.OKABE_ITO["sky blue"], alpha=0.35, linewidth=0,
                        label="95% interval of each hand")
    middle.step(share, np.append(eq, eq[-1]), where="post", color=P.OKABE_ITO["blue"], label="hand's equity")
    P.reference(middle, x.equity, f"the range's equity {x.equity:.3f}")
    middle.set_ylim(0, 1)
    middle.set_xlim(0, 1)
    P.percent_axis(middle, "x")
    P.label(middle, xlabel="share of the range at or above (best hands first)",
            ylabel="equity (share of the pot)", title="equity distribution")
    P.legend(middle, loc="lower left")
    _draw_hits(right, x, P)
    board = x.board or "before the flop"
    P.finding(fig, f"{x.hero} takes {x.equity:.3f} of the pot (±{P.Z95 * x.stderr:.3f} at 95%) against "
                   f"{x.villain}, {board}, in {x.game}",
              note=f"Monte Carlo, {x.trials:,} trials per hand of the range, seed {x.seed}; grid and bars: "
                   f"{P.interval_text(x.classes.stderr)}; the range's equity ±1.96 standard errors; "
                   "board hits exact (every combination, every next card).")
    return fig


def _draw_hits(ax, x: Exploration, P) -> None:
    """The board hits as bars: made hands and draws held (share of the range), and the chance of
    improving on the next street."""
    if x.hits is None:
        ax.set_axis_off()
        ax.text(0.5, 0.5, "no board yet: give a flop\nto see how the range hits it", ha="center",
                va="center", transform=ax.transAxes)
        return
    hits = x.hits
    shown = hits[(hits.section != "next street") & (hits.share > 0)]
    improves = hits[(hits.section == "next street") & (hits.hand == "improves")]
    names = [*shown.hand, *(f"improves on the {hits.attrs['next_street']}" for _ in improves.hand)]
    shares = [*shown.share, *improves.share]
    colors = [*(P.PALETTE[0] if s == "made hand" else P.PALETTE[1] for s in shown.section),
              *(P.PALETTE[2] for _ in improves.hand)]
    where = np.arange(len(names))
    ax.barh(where, shares, color=colors)
    ax.set_yticks(where, names)
    ax.invert_yaxis()
    ax.grid(axis="y", visible=False)
    ax.set_xlim(0, 1)
    P.percent_axis(ax, "x")
    for kind, color in (("made hand", P.PALETTE[0]), ("draw (they overlap)", P.PALETTE[1]),
                        ("next street", P.PALETTE[2])):
        ax.bar(0, 0, color=color, label=kind)
    P.legend(ax, loc="upper left", bbox_to_anchor=(1.0, 1.0))  # beside the bars, never on them
    P.label(ax, xlabel="share of the range (weighted combinations)",
            title=f"board hits on the {hits.attrs['street']}")


def _ipywidgets():
    """The ipywidgets module, or an :class:`OptionError` saying how to install it."""
    try:
        import ipywidgets
    except ImportError:
        raise OptionError("the range explorer's widgets need ipywidgets: pip install 'equity[notebooks]' "
                          "(explore() and draw() work without it)") from None
    return ipywidgets


def _png(fig: Figure) -> bytes:
    from equity.plotting import DPI

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


class RangeExplorer:
    """Controls for a spot (game, range, opponent, board, El Dorado's wild rank, trials per hand),
    and the chart and equity of the spot, recomputed on every change.

    Each control's change calls :meth:`refresh` (the game's calls :meth:`on_game` first), so
    setting a control's value from code (``explorer.hero.value = "QQ+"``) does what typing does.
    Input the toolkit refuses is shown in :attr:`status` and kept in :attr:`error`; the chart
    then stays that of the last spot that read.

    Parameters
    ----------
    game
        One of :data:`GAMES` (default Hold'em).
    hero, villain, board
        The spot (default: the game's :data:`EXAMPLES`).
    wild
        El Dorado's wild rank after the exchange (default: :data:`EXCHANGE_TO_COME`).
    trials, seed
        Trials per hand (one of :data:`TRIALS_CHOICES`) and the seed.

    Attributes
    ----------
    game, hero, villain, board, wild, trials
        The controls (ipywidgets ``Dropdown`` and ``Text``).
    status
        An ``HTML`` widget: the equity and standard error, the time of the change, or the message
        of bad input.
    image
        An ``Image`` widget holding the chart (PNG).
    widget
        The whole explorer (a ``VBox``); a notebook shows it when the explorer is a cell's value.
    last
        The :class:`Exploration` charted (None before the first spot that reads).
    figure
        Its :func:`draw` figure.
    error
        The message of the last change's bad input, None when it read.
    timings
        One dict per change: ``change`` (the control), ``compute``, ``draw`` and ``total``
        seconds, ``ok``.
    """

    def __init__(self, game: str = "holdem", hero: str | None = None, villain: str | None = None,
                 board: str | None = None, *, wild: str | None = None, trials: int = DEFAULT_TRIALS,
                 seed: int = EXPLORER_SEED) -> None:
        w = _ipywidgets()
        _check_game(game)
        if trials not in TRIALS_CHOICES:
            raise OptionError(f"trials must be one of {', '.join(f'{t:,}' for t in TRIALS_CHOICES)}, "
                              f"got {trials!r}")
        example = EXAMPLES[game]
        self.seed = seed
        self.last: Exploration | None = None
        self.figure: Figure | None = None
        self.error: str | None = None
        self.timings: list[dict[str, Any]] = []
        self._holding = False
        wide = {"width": "30%"}
        self.game = w.Dropdown(options=list(GAMES), value=game, description="game")
        self.trials = w.Dropdown(options=[(f"{t:,} trials per hand", t) for t in TRIALS_CHOICES],
                                 value=trials, description="precision")
        self.wild = w.Dropdown(options=[EXCHANGE_TO_COME, "none", *_ranks("eldorado")],
                               value=wild or EXCHANGE_TO_COME, description="wild rank")
        self.hero = w.Text(value=example.hero if hero is None else hero, description="range",
                           continuous_update=False, layout=wide)
        self.villain = w.Text(value=example.villain if villain is None else villain, description="against",
                              continuous_update=False, layout=wide)
        self.board = w.Text(value=example.board if board is None else board, description="board",
                            placeholder="empty before the flop", continuous_update=False, layout=wide)
        self.status = w.HTML()
        self.image = w.Image(format="png")
        self.widget = w.VBox([w.HBox([self.game, self.trials, self.wild]),
                              w.HBox([self.hero, self.villain, self.board]), self.status, self.image])
        self._names = {id(self.game): "game", id(self.trials): "precision", id(self.wild): "wild rank",
                       id(self.hero): "range", id(self.villain): "against", id(self.board): "board"}
        self._show_wild()
        self.game.observe(self.on_game, names="value")
        for control in (self.trials, self.wild, self.hero, self.villain, self.board):
            control.observe(self.refresh, names="value")
        self.refresh()

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a notebook front end
        from IPython.display import display

        display(self.widget)

    def _show_wild(self) -> None:
        self.wild.layout.display = None if _has_exchange(self.game.value) else "none"

    def on_game(self, change: dict | None = None) -> None:
        """The game changed: keep the ranges when the new game deals as many hole cards as the old
        one and they still read in it, and the board when it still reads; load the game's example
        for the others; show the wild rank only for El Dorado; refresh."""
        from equity.games import get_game

        game = self.game.value
        old = (change or {}).get("old")
        same_hands = old in GAMES and get_game(old).hole_cards == get_game(game).hole_cards
        example = EXAMPLES[game]
        replaced = []
        self._holding = True  # one refresh for the whole switch, not one per control set here
        try:
            for control, fits, new in ((self.hero, _fits_hero, example.hero),
                                       (self.villain, _fits_villain, example.villain),
                                       (self.board, _fits_board, example.board)):
                keep = fits(game, control.value) and (same_hands or control is self.board)
                if not keep and control.value != new:
                    replaced.append(f"{self._names[id(control)]} {control.value!r}")
                    control.value = new
            if not _has_exchange(game):
                self.wild.value = EXCHANGE_TO_COME
        finally:
            self._holding = False
        self._show_wild()
        note = f"{game}: its example replaced {', '.join(replaced)}" if replaced else None
        self.refresh(change, note=note)

    def refresh(self, change: dict | None = None, *, note: str | None = None) -> Exploration | None:
        """Explore the spot the controls hold and show it; bad input is shown, not raised.

        Parameters
        ----------
        change
            The traitlets change that called it (which control is recorded in :attr:`timings`),
            or None.
        note
            A line shown above the result (what a game switch replaced).

        Returns
        -------
        Exploration or None
            The new exploration, or None when the input did not read (:attr:`error` says why).
        """
        if self._holding:
            return None
        owner = (change or {}).get("owner")
        what = self._names.get(id(owner), "start") if owner is not None else "start"
        started = time.perf_counter()
        wild = None if self.wild.value == EXCHANGE_TO_COME or not _has_exchange(self.game.value) \
            else self.wild.value
        notes = [note] if note else []
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                x = explore(self.game.value, self.hero.value, self.villain.value, self.board.value,
                            wild=wild, trials=self.trials.value, seed=self.seed)
            notes += [str(m.message) for m in caught]
        except InvalidInputError as error:
            from equity.plotting import HIGHLIGHT

            self.error = str(error)
            shown = "the chart is still the last spot that read" if self.last is not None else "no chart yet"
            self.status.value = _html(notes, f"<b>Cannot read this spot:</b> {html.escape(self.error)} "
                                             f"({shown})", color=HIGHLIGHT)
            self.timings.append({"change": what, "compute": time.perf_counter() - started, "draw": 0.0,
                                 "total": time.perf_counter() - started, "ok": False})
            return None
        computed = time.perf_counter()
        fig = draw(x)
        self.image.value = _png(fig)
        done = time.perf_counter()
        self.last, self.figure, self.error = x, fig, None
        self.timings.append({"change": what, "compute": computed - started, "draw": done - computed,
                             "total": done - started, "ok": True})
        self.status.value = _html(notes, f"<b>equity {x.equity:.4f}</b> (standard error {x.stderr:.4f}) "
                                         f"of {html.escape(x.hero)} against {html.escape(x.villain)}; "
                                         f"{len(x.combos):,} hands, {x.trials:,} trials each; updated in "
                                         f"{done - started:.2f} s")
        return x


def _html(notes: list[str], line: str, *, color: str | None = None) -> str:
    style = f' style="color:{color}"' if color else ""
    shown = "".join(f"<div>{html.escape(n)}</div>" for n in notes)
    return f"{shown}<div{style}>{line}</div>"


def _fits_hero(game: str, text: str) -> bool:
    """Whether ``text`` reads as a range of ``game`` the explorer can play (at most :data:`MAX_HANDS`)."""
    import equity

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return 0 < len(equity.parse_range(text, game=game)) <= MAX_HANDS
    except InvalidInputError:
        return False


def _fits_villain(game: str, text: str) -> bool:
    """Whether ``text`` reads as a hand or range of ``game`` (or is ``random``)."""
    import equity
    from equity.calculator.question import is_random

    if is_random(text):
        return True
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return len(equity.parse_range(text, game=game)) > 0
    except InvalidInputError:
        return False


def _fits_board(game: str, text: str) -> bool:
    """Whether ``text`` is cards of ``game``'s deck ending one of its streets."""
    from equity.calculator.question import game_cards
    from equity.games import get_game

    if not text.strip():
        return True
    g = get_game(game)
    try:
        return len(game_cards(text, "board", g)) in g.street_ends()
    except InvalidInputError:
        return False
