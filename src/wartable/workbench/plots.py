"""The report's figures, each drawn by matplotlib as SVG text to put in the page as it is.

Text stays text in the SVG (``svg.fonttype = 'none'``), so the browser draws the Japanese with
its own fonts; every mark that shows data (a bar, a line, a whisker, a box) gets an id
``<figure>-mark-<n>``, so a test can find what was drawn.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from statistics import mean
from typing import Any

import matplotlib
from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

from wartable.workbench.summary import DRAW, Group, Rate, first_player, seats, sides
from wartable.workbench.words import word

# the first that matplotlib finds lays out the text; the browser draws it with its own
FONTS = ("DejaVu Sans", "IPAGothic", "IPAPGothic", "Noto Sans CJK JP")
WIDTH = 7.5  # inches


def _render(name: str, size: tuple[float, float], draw: Callable[[Figure], None]) -> str:
    """A figure drawn by `draw`, as SVG text with its data marks named."""
    known = {font.name for font in font_manager.fontManager.ttflist}
    style: dict[Any, Any] = {
        "svg.fonttype": "none",
        "svg.hashsalt": name,  # the ids of one figure's clip paths differ from another's
        "font.family": [font for font in FONTS if font in known] or ["sans-serif"],
        "font.size": 9,
    }
    with matplotlib.rc_context(style):
        figure = Figure(figsize=size, layout="constrained")
        draw(figure)
        marks = (a for ax in figure.axes for a in (*ax.patches, *ax.lines, *ax.collections))
        for n, artist in enumerate(marks):
            artist.set_gid(f"{name}-mark-{n}")
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None})
    svg = out.getvalue()
    return svg[svg.index("<svg") :]


def _bars(ax: Axes, labels: Sequence[str], series: Sequence[tuple[str, Sequence[Rate]]]) -> None:
    """Grouped bars of rates with their intervals: one bar per series at each label."""
    width = 0.8 / len(series)
    for j, (name, rates) in enumerate(series):
        where = [i - 0.4 + width * (j + 0.5) for i in range(len(labels))]
        values = [rate.value for rate in rates]
        ax.bar(where, values, width, yerr=_whiskers(rates), capsize=3, label=name)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    if len(series) > 1:
        ax.legend(fontsize=7)


def _whiskers(rates: Sequence[Rate]) -> list[list[float]]:
    """The distances from each rate down and up to the ends of its interval."""
    return [
        [rate.value - rate.interval[0] for rate in rates],
        [rate.interval[1] - rate.value for rate in rates],
    ]


def winrates(groups: Sequence[Group], lang: str) -> str:
    """Each side's share of the games (and the draws), for each configuration."""
    shares = [sides(g.rows) for g in groups]
    every = list(dict.fromkeys(side for share in shares for side in share if side != DRAW))
    every += [DRAW] if any(DRAW in share for share in shares) else []
    labels = [word("draw", lang) if side == DRAW else side for side in every]

    def draw(figure: Figure) -> None:
        ax = figure.subplots()
        series = [
            (g.label, [share.get(side, Rate(0, len(g.rows))) for side in every])
            for g, share in zip(groups, shares, strict=True)
        ]
        _bars(ax, labels, series)
        ax.set_ylabel(word("win_rate", lang))

    return _render("winrates", (WIDTH, 3.2), draw)


def first(groups: Sequence[Group], lang: str) -> str:
    """The first player's win rate beside each other seat's, for each configuration."""

    def draw(figure: Figure) -> None:
        ax = figure.subplots()
        pairs = [first_player(g.rows) for g in groups]
        series = [
            (word("first_player", lang), [pair[0] for pair in pairs]),
            (word("other_seat", lang), [pair[1] for pair in pairs]),
        ]
        _bars(ax, [g.label for g in groups], series)
        ax.set_ylabel(word("win_rate", lang))
        _tilt(ax, len(groups))

    return _render("first", (WIDTH, 3.2), draw)


def length(groups: Sequence[Group], lang: str) -> str:
    """Turns and decisions per game, as boxes, for each configuration."""

    # turns only where every game's turns were read (a game without a reader has none)
    read = all(r.turns is not None for g in groups for r in g.rows)
    keys = ("turns", "decisions") if read else ("decisions",)

    def draw(figure: Figure) -> None:
        for ax, key in zip(figure.subplots(1, len(keys), squeeze=False)[0], keys, strict=True):
            values = [[getattr(r, key) for r in g.rows] for g in groups]
            ax.boxplot(values, tick_labels=[g.label for g in groups])
            ax.set_ylabel(word(key, lang))
            _tilt(ax, len(groups))

    return _render("length", (WIDTH, 3.2), draw)


def scores(groups: Sequence[Group], lang: str) -> str | None:
    """Each seat's mean score at the end of each turn, one panel per configuration; None when
    no row has a timeline."""
    shown = [g for g in groups if any(r.timeline for r in g.rows)]
    if not shown:
        return None
    columns = min(len(shown), 3)
    lines = -(-len(shown) // columns)

    def draw(figure: Figure) -> None:
        axes = list(figure.subplots(lines, columns, squeeze=False, sharey=True).flat)
        for ax, group in zip(axes, shown, strict=False):
            timelines = [r.timeline for r in group.rows if r.timeline]
            turns = sorted({point["turn"] for timeline in timelines for point in timeline})
            held = [_held(timeline, turns) for timeline in timelines]
            for seat in held[0][0]:
                means = [mean(h[k][seat] for h in held) for k in range(len(turns))]
                ax.plot(turns, means, marker=".", label=seat)
            ax.set_title(group.label, fontsize=8)
            ax.set_xlabel(word("turns", lang))
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.legend(fontsize=7)
        for ax in axes[len(shown) :]:  # panels left over in the last line
            ax.set_visible(False)
        figure.axes[0].set_ylabel(word("score", lang))

    return _render("scores", (WIDTH, 2.6 * lines), draw)


def _held(timeline: list[dict[str, Any]], turns: list[int]) -> list[dict[str, float]]:
    """A game's scores at each of `turns`: a game that has ended keeps its last scores."""
    out, i, current = [], 0, timeline[0]["scores"]
    for turn in turns:
        while i < len(timeline) and timeline[i]["turn"] <= turn:
            current, i = timeline[i]["scores"], i + 1
        out.append(current)
    return out


def sweep(groups: Sequence[Group], lang: str) -> str | None:
    """Each seat's win rate against each swept value: one row of panels per path, one panel per
    seat, one line per combination of the other paths' values; None outside a sweep."""
    swept = [g for g in groups if g.rows[0].point]
    if not swept:
        return None
    paths = list(dict.fromkeys(path for g in swept for path in g.rows[0].point))
    every = list(dict.fromkeys(seat for g in swept for seat in seats(g.rows)))

    def draw(figure: Figure) -> None:
        axes = figure.subplots(len(paths), len(every), squeeze=False, sharey=True)
        for i, path in enumerate(paths):
            for ax, seat in zip(axes[i], every, strict=True):
                _curves(ax, swept, path, seat)
                ax.set_xlabel(path)
                ax.set_title(seat, fontsize=8)
                ax.set_ylim(0, 1)
                ax.yaxis.set_major_formatter(PercentFormatter(1.0))
            axes[i][0].set_ylabel(word("win_rate", lang))

    return _render("sweep", (WIDTH, 2.8 * len(paths)), draw)


def _curves(ax: Axes, swept: Sequence[Group], path: str, seat: str) -> None:
    lines: dict[str, list[tuple[Any, Rate]]] = {}
    for g in swept:
        point = g.rows[0].point
        rest = " ".join(f"{p}={v}" for p, v in point.items() if p != path)
        rate = seats(g.rows).get(seat, Rate(0, len(g.rows)))
        lines.setdefault(rest, []).append((point.get(path), rate))
    for rest, found in lines.items():
        xs = [x if isinstance(x, int | float) else str(x) for x, _ in found]
        rates = [rate for _, rate in found]
        ys = [rate.value for rate in rates]
        ax.errorbar(xs, ys, yerr=_whiskers(rates), marker="o", capsize=3, label=rest or None)
    if len(lines) > 1:
        ax.legend(fontsize=7)


def _tilt(ax: Axes, count: int) -> None:
    """Long labels side by side overlap: tilt them when there are several."""
    if count > 2:
        ax.tick_params(axis="x", labelrotation=30)
