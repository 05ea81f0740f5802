"""The report: one HTML file, whole in itself (its figures inline SVG, no script, nothing
fetched), in English or Japanese: per game, a table of each configuration's results, then the
win rates by side, the first-player advantage, game length, score over turns and sweep curves.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path
from statistics import mean

from wartable.engine.errors import UnknownGame
from wartable.engine.registry import get_rules
from wartable.workbench import plots
from wartable.workbench.results import Row
from wartable.workbench.summary import DRAW, Group, first_player, groups, sides
from wartable.workbench.words import word

STYLE = """
body { font-family: "DejaVu Sans", "IPAGothic", "Noto Sans CJK JP", sans-serif; margin: 2em;
       max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
figure.plot { margin: 1.5em 0; }
figure.plot svg { width: 100%; height: auto; }
figcaption, .note { color: #555; font-size: 0.85em; }
"""


def html(rows: Sequence[Row], lang: str, sources: Sequence[str]) -> str:
    """The report of `rows` (read from `sources`) in `lang`."""
    found = groups(rows)
    games = list(dict.fromkeys(g.game for g in found))
    listed = "".join(f"<li>{escape(source)}</li>" for source in sources)
    body = "".join(_game(game, [g for g in found if g.game == game], lang) for game in games)
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{word('title', lang)}</title><style>{STYLE}</style></head><body>"
        f"<h1>{word('title', lang)}</h1><p>{word('sources', lang)}:</p><ul>{listed}</ul>"
        f"{body}</body></html>\n"
    )


def write(rows: Sequence[Row], path: Path, lang: str, sources: Sequence[str]) -> None:
    path.write_text(html(rows, lang, sources), encoding="utf-8")


def _title(game: str, lang: str) -> str:
    try:
        return get_rules(game).title[lang]
    except UnknownGame:  # results of a game not installed here
        return game


def _game(game: str, found: list[Group], lang: str) -> str:
    figures = [
        ("winrates", plots.winrates(found, lang)),
        ("first", plots.first(found, lang)),
        ("length", plots.length(found, lang)),
        ("scores", plots.scores(found, lang)),
        ("sweep", plots.sweep(found, lang)),
    ]
    shown = []
    for name, svg in figures:
        if svg is not None:
            shown.append(
                f'<figure class="plot" data-plot="{name}"><h3>{word(name + "_title", lang)}'
                f"</h3>{svg}<figcaption>{word(name + '_note', lang)}</figcaption></figure>"
            )
        elif name == "scores":
            shown.append(f'<p class="note">{word("no_scores", lang)}</p>')
    return (
        f'<section class="game" data-game="{escape(game)}"><h2>{escape(_title(game, lang))}'
        f" ({escape(game)})</h2>{_table(found, lang)}{''.join(shown)}</section>"
    )


def _table(found: list[Group], lang: str) -> str:
    head = "".join(
        f"<th>{word(key, lang)}</th>"
        for key in ("configuration", "games", "sides", "first", "length")
    )
    lines = []
    for group in found:
        members = group.rows
        won = "<br>".join(
            f"{escape(word('draw', lang) if side == DRAW else side)}: {rate}"
            for side, rate in sides(members).items()
        )
        first, others = first_player(members)
        turns = [r.turns for r in members if r.turns is not None]
        length = f"{mean(r.decisions for r in members):.0f} {word('decisions', lang)}"
        if turns:
            length = f"{mean(turns):.1f} {word('turns', lang)}, {length}"
        lines.append(
            f"<tr><td>{escape(group.label)}</td><td>{len(members)}</td><td>{won}</td>"
            f"<td>{first}<br>({word('other_seat', lang)}: {others})</td><td>{length}</td></tr>"
        )
    return f'<table class="summary"><tr>{head}</tr>{"".join(lines)}</table>'
