"""Leaving a contested planet (rule 13.4 "withdrawal", B.2 Peace Negotiations; ruling I126).

- Once surface combat has begun, both sides' units on the planet are locked in for the rest of
  that action: none is loaded in the activation that fought it (``segment["locked"]``).
- In a later action a side may load its infantry and drop troops from a contested planet's box
  onto a transport (`transport.stays` says when it may not); the enemy's fighters and batteries
  there may then fire at that transport as at a landing (13.3, `defence`: 5-6, batteries 4-6 on
  their own World): a TR destroyed takes the unit with it, a damaged AT reduces it. Fighters
  leave without a shot. Batteries are never loaded (9.0), nor unloaded onto a planet with
  enemy units (I118).
- During Peace Negotiations the units on a contested planet stay where they are: none is loaded.
The fire is a small planetary battle of its own (part 1's `setup.planetary_battle`, with no
fleet in orbit and no round of surface combat) that only `defence` and `damage` read.
"""

from __future__ import annotations

from wartable.engine import Action, Context, State
from wartable.games.imperium import damage, defence
from wartable.games.imperium.setup import planetary_battle
from wartable.games.imperium.war.control import contested
from wartable.games.imperium.war.hidden import reveal
from wartable.games.imperium.war.state import WORLD
from wartable.games.imperium.war.transport import kind
from wartable.games.imperium.war.turns import resume

TROOPS = ("infantry", "drop")  # 13.4: evacuating these draws fire; fighters leave freely


def source(state: State, action: Action) -> str | None:
    """The contested planet a load order takes infantry or drop troops from, if any."""
    if "load" not in action or kind(state, action["load"]) not in TROOPS:
        return None
    where, _, planet = str(state["units"][action["load"]]["at"]).partition(":")
    return planet if where == "box" and contested(state, planet) else None


def begin(ctx: Context, state: State, side: str, planet: str, ship: str) -> None:
    """13.4: the enemy's fighters and batteries on the planet may fire at the transport that
    has taken a unit of `side` off it, as at a landing (13.3)."""
    marker = state["war"]["planets"].get(planet)
    world = marker["owner"] if marker is not None and marker["marker"] == WORLD else None
    reveal(state, [ship])  # the transport is fired at in plain sight
    state["battle"] = planetary_battle(side, [], planet, world, 0)
    defence.begin(ctx, state, [ship], then="evacuate", rule="13.4")


@defence.after("evacuate")
def _fired(ctx: Context, state: State, fire: defence.Hits) -> None:
    damage.apply_apart(ctx, state, fire, "13.3")
    resume(ctx, state)
