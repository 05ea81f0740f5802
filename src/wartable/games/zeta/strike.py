"""A blow that falls on everything in one hex, whatever its faction: the Gryps 2 laser
(31.5.7-31.5.11), a colony landing (35.7.3) and the nuclear demolition (36.5-36.6).

Each MS and ship in the hex rolls one die (ruling S52), in the order the counters came into play:
at or under `kill` it is eliminated and goes to its faction's factory (31.5.8, 36.5). Where the
rule says so (31.5.11, 36.5) each character rolls too, and one struck makes a survival check. A
character aboard an eliminated unit makes a survival check as well (35.7.3), once; an MS left
without its ship where it may not stand alone goes aboard another with room or is lost (15.7).
`plus` is added to the survival dice (31.5.9).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.zeta.damage import eliminated, existence
from wartable.games.zeta.state import carried_by, to_factory, unit_name


def strike(
    ctx: Context,
    state: State,
    at: str,
    by: str,
    kill: int,
    rule: str,
    characters_roll: bool,
    plus: int = 0,
) -> None:
    lost: list[str] = []
    for uid in [u for u, unit in state["units"].items() if unit["at"] == at]:
        if rolled(ctx, state, uid, by, rule) <= kill:
            lost.append(uid)
    checks: list[str] = []
    if characters_roll:
        people = [cid for cid, ch in state["characters"].items() if ch["at"] == at]
        checks += [cid for cid in people if rolled(ctx, state, cid, by, rule) <= kill]
    for uid in lost:
        ctx.say(eliminated(state, uid), rule=rule)
        for ms in carried_by(state, uid):
            state["units"][ms]["carrier"] = None
        for cid, ch in state["characters"].items():
            if ch["on"] == uid:
                ch["on"] = None
                checks.append(cid)
        to_factory(state, uid)
    existence(ctx, state, at, checks, plus)


def rolled(ctx: Context, state: State, key: str, by: str, rule: str) -> int:
    who = unit_name(state, key)
    (die,) = ctx.roll(by, 1, rule, msg(f"damage to {who['en']}", f"{who['ja']}の被害判定"))
    return die
