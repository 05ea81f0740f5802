"""Rules 25-27 with 15.7: a step's hits allotted to units, what they do, and the survival checks.

A step that scores hits calls `inflict` with the hits each side receives and the targets they may
fall on. Hits are allotted a counter's defence at a time (25.4, 25.8): ``{"hit": target}`` puts on
it the hits that take it one result further (flip, eliminate; a base one level down). Where the
receiving side has command (26.1, 26.2), it allots first, up to that many hits, and may stop
(``{"pass": True}``); the scorer then allots the rest until what is left is less than any target
takes (25.3, 25.5, ruling S42). A side of two factions is decided for by its first faction
(ruling S43). The step's damage is applied once every allotment is made (21.4, 24.10, 26.4); then
the MS and characters left stranded go (25.11, 15.7, ruling S44) and the survival checks are made
(27.4), before the battle resumes at the step after.

A battle holds ``damage``: the step to resume (``after``), the allotments still to make
(``queue``) and those made (``done``), each ``{"to": side, "hits", "command", "targets",
"given": {target: hits}}``. A base target is written ``"base:<id>"``.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.battle import battle, proceed
from wartable.games.zeta.carrying import ship_with_room
from wartable.games.zeta.existence import (
    character_may_stand,
    may_settle,
    may_stand_alone,
    settle,
)
from wartable.games.zeta.flow import step, wait
from wartable.games.zeta.state import (
    bases_at,
    carried_by,
    comp,
    foreign_military,
    on_map,
    to_factory,
    unit_name,
)
from wartable.games.zeta.survival import survive

BASE = "base:"
COLONY = "colony"  # rule 35.8: the colony as a target, a ship of its owner
COMMAND = {"ms": "ms_command", "ship": "ship_command"}  # 26.1 (air, AA), 26.2 (bombing, guns)


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def pilot(state: State, uid: str) -> str | None:
    """The character aboard an MS (20.5: one at most)."""
    return next((cid for cid, ch in state["characters"].items() if ch["on"] == uid), None)


def bonus(state: State, uid: str) -> int:
    """25.6, 25.7: a pilot's MS defence, a captain's ship defence, on either face."""
    c = comp(state)
    if state["units"][uid]["type"] in c.ms:
        cid = pilot(state, uid)
        return 0 if cid is None else c.characters[cid].ms_defence
    cid = battle(state)["captains"].get(uid)
    return 0 if cid is None else c.characters[cid].ship_defence


def stages(state: State, target: str) -> list[int]:
    """The hits that take a target each result further, in order: a front counter flips, then
    goes (25.4); a back counter goes; a base loses one level per stage (25.8)."""
    c = comp(state)
    if target == COLONY:
        front, back = c.colony.defence  # 35.8
        return [back] if state["colony"]["back"] else [front, back]
    if target.startswith(BASE):
        bid = target[len(BASE) :]
        level = state["bases"][bid]["level"]
        return [c.bases[bid].level(n).defence for n in range(level, 0, -1)]
    unit = state["units"][target]
    kind, extra = c.unit(unit["type"]), bonus(state, target)
    back = kind.back.defence + extra
    return [back] if unit["back"] else [kind.front.defence + extra, back]


def reached(state: State, target: str, given: int) -> int:
    """How many stages the hits `given` to a target complete."""
    done = total = 0
    for need in stages(state, target):
        total += need
        if given < total:
            break
        done += 1
    return done


def next_stage(state: State, target: str, given: int) -> int | None:
    """The hits that take a target one result further than `given` does, None if none can."""
    rest = stages(state, target)[reached(state, target, given) :]
    return rest[0] if rest else None


def inflict(
    ctx: Context, state: State, hits: dict[str, tuple[int, list[str]]], kind: str, after: str
) -> str | None:
    """Allot and apply a step's hits: `hits` maps each receiving side to its hits and the targets
    they may fall on; `kind` says which command allots first (26.1, 26.2). Returns `after`, or
    None while an allotment is awaited."""
    fight = battle(state)
    queue = [
        {
            "to": side,
            "hits": n,
            "command": command(state, side, kind),
            "targets": targets,
            "given": {},
        }
        for side, (n, targets) in hits.items()
        if n > 0 and targets
    ]
    fight["damage"] = {"after": after, "queue": queue, "done": []}
    return advance(ctx, state)


def command(state: State, side: str, kind: str) -> int:
    """26.1, 26.2: the two best commands of the side's characters aboard its MS (air, AA) or its
    ships (bombing, guns) taking part; the receiver may always allot fewer (ruling S42)."""
    c = comp(state)
    fight = battle(state)
    units = state["units"]
    values = sorted(
        (
            getattr(c.characters[cid], COMMAND[kind])
            for cid, ch in state["characters"].items()
            if ch["faction"] in fight[side]
            and ch["on"] in fight["taking_part"]
            and cid not in fight.get("silent", [])  # 29.1.2
            and c.unit(units[ch["on"]]["type"]).kind == kind
        ),
        reverse=True,
    )
    return sum(values[:2])


def choices(state: State, entry: dict[str, Any], own: bool) -> list[str]:
    """The targets a further stage fits on: within the hits left, and within the command left
    while the receiver allots (26.3)."""
    room = min(entry["hits"], entry["command"]) if own else entry["hits"]
    found = []
    for target in entry["targets"]:
        need = next_stage(state, target, entry["given"].get(target, 0))
        if need is not None and need <= room:
            found.append(target)
    return found


def advance(ctx: Context, state: State) -> str | None:
    """Wait at the next allotment to make; with none left, apply the step's damage."""
    fight = battle(state)
    damage = fight["damage"]
    while damage["queue"]:
        entry = damage["queue"][0]
        if entry["command"] > 0 and choices(state, entry, own=True):
            wait(state, "allocate")
            return None
        entry["command"] = 0
        if choices(state, entry, own=False):
            wait(state, "allocate")
            return None
        damage["done"].append(damage["queue"].pop(0))
    fight["damage"] = None
    apply_damage(ctx, state, damage["done"])
    after: str = damage["after"]
    return after


def allotting(state: State) -> tuple[dict[str, Any], bool]:
    """The allotment under way, and whether its receiver is the one allotting (26.3)."""
    entry: dict[str, Any] = battle(state)["damage"]["queue"][0]
    return entry, entry["command"] > 0


def allocate_actors(state: State) -> tuple[str, ...]:
    entry, own = allotting(state)
    side = entry["to"] if own else other(entry["to"])
    return (battle(state)[side][0],)  # ruling S43


def allocate_legal(state: State, faction: str) -> list[Action]:
    entry, own = allotting(state)
    actions: list[Action] = [{"hit": t} for t in choices(state, entry, own)]
    return [*actions, {"pass": True}] if own else actions


def allocate_apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    entry, own = allotting(state)
    if "pass" in action:
        entry["command"] = 0
    else:
        target = action["hit"]
        given = entry["given"].get(target, 0)
        need = next_stage(state, target, given)
        assert need is not None
        entry["given"][target] = given + need
        entry["hits"] -= need
        if own:
            entry["command"] -= need
    after = advance(ctx, state)
    if after is not None:
        proceed(ctx, state, after)


def allocate_describe(state: State, faction: str, action: Action) -> Msg:
    if "pass" in action:
        return msg("leave the other hits to the enemy", "残りのヒットは敵が振り分ける")
    entry, _ = allotting(state)
    target = action["hit"]
    need = next_stage(state, target, entry["given"].get(target, 0))
    who = target_name(state, target)
    return msg(f"{need} hits on {who['en']}", f"{who['ja']}に{need}ヒット")


def target_name(state: State, target: str) -> Msg:
    if target == COLONY:
        return comp(state).colony.name
    if target.startswith(BASE):
        return comp(state).bases[target[len(BASE) :]].name
    return unit_name(state, target)


step("allocate", allocate_actors, allocate_legal, allocate_apply, allocate_describe)


def apply_damage(ctx: Context, state: State, done: list[dict[str, Any]]) -> None:
    """26.4: every allotment made, the damage is applied; then 25.11 and the survival checks."""
    checks: list[str] = []
    lost: list[str] = []
    for entry in done:
        for target, given in entry["given"].items():
            stages_done = reached(state, target, given)
            if target == COLONY:
                colony_hit(ctx, state, stages_done == len(stages(state, target)))
            elif target.startswith(BASE):
                lower(ctx, state, target[len(BASE) :], stages_done, lost, checks)
            elif stages_done == len(stages(state, target)):
                lost.append(target)
            else:
                state["units"][target]["back"] = True  # 25.4
                ctx.say(flipped(state, target), rule="25.4")
    for uid in lost:
        eliminate(ctx, state, uid, checks)
    if any(entry["given"] for entry in done):
        fight = battle(state)
        strand(ctx, state, fight["at"], fight["housed"], checks)  # 25.11 (ruling S44)
    for cid in dict.fromkeys(checks):  # housed aboard a housed ship: one check (25.10)
        survive(ctx, state, cid)


def colony_hit(ctx: Context, state: State, lost: bool) -> None:
    """35.8: 7 hits flip the colony, 7 more eliminate it; then no one is using it (35.3)."""
    name = comp(state).colony.name
    if lost:
        state["colony"].update(owner=None, at=None, back=False)
        ctx.say(msg(f"the {name['en']} is destroyed", f"{name['ja']}が除去"), rule="35.8")
    else:
        state["colony"]["back"] = True
        ctx.say(msg(f"the {name['en']} is damaged", f"{name['ja']}が損傷"), rule="35.8")


def flipped(state: State, uid: str) -> Msg:
    who = unit_name(state, uid)
    return msg(f"{who['en']} is damaged", f"{who['ja']}が損傷")


def lower(
    ctx: Context, state: State, bid: str, levels: int, lost: list[str], checks: list[str]
) -> None:
    """25.8: the base drops the levels its hits reach; at 0 it is neutral and what it houses is
    lost (25.10, 27.2)."""
    base = state["bases"][bid]
    bases.set_level(ctx, state, bid, base["owner"], base["level"] - levels)
    name = comp(state).bases[bid].name
    level = base["level"]
    ctx.say(
        msg(f"{name['en']} drops to level {level}", f"{name['ja']}の統治レベルが{level}に低下"),
        rule="25.8",
    )
    if level > 0:
        return
    for key in battle(state)["housed"]:
        (lost if key in state["units"] else checks).append(key)


def eliminate(ctx: Context, state: State, uid: str, checks: list[str]) -> None:
    """25.4: to the factory box, front up. 25.9: a ship takes down the MS it carries (an MS out
    on sortie loses its ride, ruling S44); 27.1: whoever was aboard makes a survival check."""
    unit = state["units"][uid]
    if not on_map(unit["at"]):
        return  # already lost with its ship
    sortie = on_sortie(state)
    ctx.say(eliminated(state, uid), rule="25.4")
    carried = carried_by(state, uid)
    to_factory(state, uid)  # 29.4.4: the AEUG's Black Qubeley Mk-II leaves the game
    if uid in sortie:
        sortie.remove(uid)
    checks += [cid for cid, ch in state["characters"].items() if ch["on"] == uid]
    for ms in carried:
        if ms in sortie:
            state["units"][ms]["carrier"] = None
        else:
            eliminate(ctx, state, ms, checks)  # 25.9


def on_sortie(state: State) -> list[str]:
    """The MS out on sortie in the battle under way; none outside a battle."""
    act = state.get("action")
    fight = None if act is None else act.get("battle")
    sortie: list[str] = [] if fight is None else fight["sortie"]
    return sortie


def eliminated(state: State, uid: str) -> Msg:
    who = unit_name(state, uid)
    return msg(f"{who['en']} is eliminated", f"{who['ja']}が除去")


def exposed(state: State, at: str, faction: str, character: bool = False) -> bool:
    """25.11 with 15.6 (rulings S13, S44): whether an MS or character of `faction` needs a carrier
    at `at`: never at an own military base, which houses it (20.4); always at another faction's;
    elsewhere unless a neutral military base or a political base shelters it with no one else
    there, or, for an MS, on land (13.8; a character needs a base there too, 13.10)."""
    c = comp(state)
    if any(
        c.bases[bid].military and state["bases"][bid]["owner"] == faction
        for bid in bases_at(state, at)
    ):
        return False
    stands = character_may_stand if character else may_stand_alone
    return foreign_military(state, at, faction) or not stands(state, at, faction)


def strand(ctx: Context, state: State, at: str, housed: list[str], checks: list[str]) -> None:
    """25.11, 15.7 (ruling S44): at `at`, an uncarried MS where it needs a carrier goes aboard an
    own ship with room, the first in id order, or is eliminated; a character aboard nothing there
    boards an own unit (ruling S16's order) or makes a survival check. What a base houses
    (`housed`, 20.4) is left to 25.10."""
    c = comp(state)
    units = state["units"]
    for uid, unit in list(units.items()):
        if unit["at"] != at or unit["type"] not in c.ms or unit["carrier"] is not None:
            continue
        if uid in housed or not exposed(state, at, unit["faction"]):
            continue
        ship = ship_with_room(state, at, unit["faction"])
        if ship is None:
            eliminate(ctx, state, uid, checks)
        else:
            unit["carrier"] = ship
    for cid, ch in state["characters"].items():
        if ch["at"] != at or ch["on"] is not None or cid in housed or cid in checks:
            continue
        if not exposed(state, at, ch["faction"], character=True):
            continue
        if may_settle(state, cid, at):
            settle(state, cid, at)
        else:
            checks.append(cid)


def existence(ctx: Context, state: State, at: str, checks: list[str], plus: int = 0) -> None:
    """15.7 outside a battle: what is stranded at `at` goes aboard or is lost (as `strand`);
    then the survival checks of `checks` and of the stranded characters, `plus` on the die."""
    strand(ctx, state, at, [], checks)
    for cid in dict.fromkeys(checks):
        survive(ctx, state, cid, plus)
