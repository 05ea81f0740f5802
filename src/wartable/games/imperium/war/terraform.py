"""Terraforming (optional rule 17.3, option ``terraforming``; ruling I125): an N1 or N2 planet
made type A, and so fit for a World marker.

- In the construction step (9.0) a side pays 10 resources toward a planet of type N1 or N2
  where it holds a connected Outpost (7.3): ``{"terraform": "sol_2"}``, once a turn a planet,
  at war as in peace, never doubled (it is no construction cost, as the upgrade of 16.0: I115).
  The tenth payment makes an N1 planet type A, the eighth an N2; the turns need not follow one
  another. ``war["terraforming"]``: {planet: {"paid": n, "turn": t}} — the payments belong to
  the planet: whoever holds its Outpost next may go on with them.
- A terraformed planet (``war["terraformed"]``; Sc8's Sol 2 and Procyon from the start) is type
  A: its box takes infantry (11.7) and its Outpost may become a World in peace (16.0).
- Planetary combat on a planet being terraformed loses all that was paid (`fought_over`).
- Bombarding a terraformed planet turns it back to its printed type: -2 prestige when the
  Imperium does it, +1 when Earth does (`fought_over`, 15.0). These two hold whether or not the
  option is on: Sc8's terraformed planets are the scenario's.
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.imperium.components import ALLOWED, IMPERIAL, TERRAN
from wartable.games.imperium.war.connection import connected
from wartable.games.imperium.war.control import held
from wartable.games.imperium.war.prestige import change
from wartable.games.imperium.war.state import OUTPOST, battles

PAYMENT = 10  # 17.3: 10 resources a turn
TURNS = {"N1": 10, "N2": 8}  # 17.3: payments that make each type into type A
TERRAFORMED = "A"  # 17.3: the type a terraformed planet becomes
BOMBARDED = {  # 17.3: the prestige change when a side bombards a terraformed planet
    IMPERIAL: "imperial_bombards_terraformed",
    TERRAN: "terran_bombards_terraformed",
}


def on(state: State) -> bool:
    return bool(state["options"].get("terraforming", False))


def planet_type(state: State, planet: str) -> str:
    """A planet's type now: its printed type (3.2), type A once terraformed (17.3; the size
    figure stays the printed one)."""
    printed = battles(state).planets[planet].type
    if planet in state["war"].get("terraformed", []):
        return TERRAFORMED + printed[1:]
    return printed


def allows(state: State, planet: str, kind: str) -> bool:
    """Rule 11.7 with 17.3: whether the planet's box may hold a unit of this kind now."""
    return kind in ALLOWED[planet_type(state, planet)[0]]


def payable(state: State, side: str) -> list[str]:
    """17.3: the planets `side` may pay toward this turn: N1 or N2, not terraformed, holding an
    Outpost of the side connected to another of its Worlds (7.3), not yet paid this turn."""
    if not on(state):
        return []
    war = state["war"]
    return [
        planet
        for planet in held(state, side, OUTPOST)
        if planet_type(state, planet) in TURNS
        and war.get("terraforming", {}).get(planet, {}).get("turn") != war["turn"]
        and connected(state, planet, known=True)
    ]


def pay(ctx: Context, state: State, side: str, planet: str) -> None:
    """One payment of 17.3; the last makes the planet type A."""
    war = state["war"]
    war["resources"][side] -= PAYMENT
    works = war.setdefault("terraforming", {})
    paid = works.get(planet, {}).get("paid", 0) + 1
    works[planet] = {"paid": paid, "turn": war["turn"]}
    if paid == TURNS[planet_type(state, planet)]:
        del works[planet]
        war.setdefault("terraformed", []).append(planet)
        name = battles(state).planets[planet].name
        ctx.say(
            msg(f"{name['en']} is terraformed: type A", f"{name['ja']}の惑星改造が完了: タイプA"),
            rule="17.3",
        )


def fought_over(ctx: Context, state: State, planet: str, invader: str, bombarded: bool) -> None:
    """After planetary combat on `planet` (13.0): the payments toward it are lost; if the
    invader bombarded it and it was terraformed, it is its printed type again, with the
    prestige change of 17.3."""
    war = state["war"]
    if war.get("terraforming", {}).pop(planet, None) is not None:
        ctx.say(msg("the terraforming is lost", "惑星改造は失われた"), rule="17.3")
    if bombarded and planet in war.get("terraformed", []):
        war["terraformed"].remove(planet)
        change(state, BOMBARDED[invader])
        ctx.say(
            msg("the bombarded planet reverts to its type", "爆撃された惑星は元のタイプに戻った"),
            rule="17.3",
        )
