"""IMPERIUM part 2: the galactic war (rules 4-11, 14-17; scenarios 6-8 and the campaign game).

- `galaxy`: the war's component data (data/galaxy.toml) and its schema;
- `state`, `setup`: the strategic state and the set-up of a war;
- `sequence`, `flow`: the sequence of play (4.0), the turn record track (9.0), the phases;
- `control`, `connection`, `income`: rules 7.0-7.4;
- `interference`, `emperor`, `appeal`: rule 6 (the events of B.2, the appeal tables);
- `reinforce`, `construction`: rules 8.0 and 9.0 as decisions;
- `maintenance`, `scrap`, `repair`: the close-out's rule 14;
- `prestige`: the track's changes and the check that ends a war (15.0);
- `peace`: the end of a war, the campaign's victory and its peace (16.0);
- `segment`, `turns`, `activation`: the action segments (10.0) and the orders of an activation;
- `movement`, `regroup`, `transport`: interstellar movement (11.0-11.8), combining and
  splitting fleets (Q12), loading and unloading;
- `contact`, `attack`: the war's space battles and planet attacks, fought by part 1 (11.3,
  12.3, 13.0, 15.0);
- `recon`: the optional stealth reconnaissance (17.2, option ``stealth``);
- `terraform`: the optional terraforming (17.3, option ``terraforming``);
- `deep`: the optional deep-space movement (17.1, option ``deep_space``);
- `hidden`: what each side may see of the war, and the determinizer's part (D.1).

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
    segment,
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
    "segment",
]
