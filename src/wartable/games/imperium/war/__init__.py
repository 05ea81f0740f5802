"""IMPERIUM part 2: the galactic war (rules 4-11, 14-17; scenarios 6-8 and the campaign game).

- `galaxy`: the war's component data (data/galaxy.toml) and its schema;
- `state`, `setup`: the strategic state and the set-up of a war;
- `sequence`, `flow`: the sequence of play (4.0), the turn record track (9.0), the phases;
- `control`, `connection`, `income`: rules 7.0-7.4;
- `interference`, `emperor`, `appeal`: rule 6 (the events of B.2, the appeal tables);
- `reinforce`, `construction`: rules 8.0 and 9.0 as decisions;
- `maintenance`, `scrap`, `repair`: the close-out's rule 14;
- `prestige`: the track's changes and the check that ends a war (15.0);
- `peace`: the end of a war, the campaign's victory and its peace (16.0).

Importing the package registers the phases written so far (`flow.phase`).
"""

from wartable.games.imperium.war import (
    appeal,
    construction,
    income,
    interference,
    maintenance,
    peace,
    prestige,
    reinforce,
    repair,
    scrap,
)

__all__ = [
    "appeal",
    "construction",
    "income",
    "interference",
    "maintenance",
    "peace",
    "prestige",
    "reinforce",
    "repair",
    "scrap",
]
