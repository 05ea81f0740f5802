"""Rule 4: the character phase. Arrivals from the turn track (4.2), the ①→② swaps (4.3), then
a recovery check for each wounded character (4.4). Nothing is chosen: dice and the track decide,
and the phase runs straight through to the armament phase.

Arriving, recovered and swapped-out-of-a-box characters wait as "pending", with the placement
code the deployment phase follows (9.5): the track's code, or "any" (ruling S9).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.zeta.components import BOXES, FACTIONS
from wartable.games.zeta.flow import next_phase, phase
from wartable.games.zeta.state import WOUNDED, comp, wounded_box

ANYWHERE = "any"  # rule 9.5 任意


@phase("character")
def start(ctx: Context, state: State) -> None:
    arrive(ctx, state)
    grow(ctx, state)
    recover(ctx, state)
    next_phase(ctx, state)


def arrive(ctx: Context, state: State) -> None:
    """4.2: each faction receives the characters the track lists for this turn."""
    c = comp(state)
    for cid, code in c.turns[state["turn"]].arrivals.items():
        character = c.characters[cid]
        state["characters"][cid] = {
            "faction": character.faction,
            "at": "pending",
            "on": None,
            "code": code,
        }
        ctx.say(
            msg(
                f"{character.name['en']} arrives ({code})", f"{character.name['ja']}が登場({code})"
            ),
            rule="4.2",
        )


def grow(ctx: Context, state: State) -> None:
    """4.3: swap each listed ① counter for its ②: in place on the map, to the map from a
    wounded box; a dead ① (or one not in play, ruling S9) is passed over."""
    c = comp(state)
    for cid in c.turns[state["turn"]].growth:
        old = state["characters"].get(cid)
        if old is None or old["at"] == "dead":
            continue
        grown = c.characters[cid].grows_to
        assert grown is not None  # the data check allows growth only for ① counters
        new = {**old}
        if wounded_box(old) is not None:
            new.update(at="pending", on=None, code=ANYWHERE)
        del state["characters"][cid]
        state["characters"][grown] = new
        ctx.say(
            msg(
                f"{c.characters[cid].name['en']} grows: {c.characters[grown].name['en']}",
                f"{c.characters[cid].name['ja']}が成長: {c.characters[grown].name['ja']}",
            ),
            rule="4.3",
        )


def recover(ctx: Context, state: State) -> None:
    """4.4: one die for each character in a wounded box, read on that box's table."""
    c = comp(state)
    wounded = [
        (FACTIONS.index(ch["faction"]), BOXES.index(box), cid)
        for cid, ch in state["characters"].items()
        if (box := wounded_box(ch)) is not None
    ]
    for _, _, cid in sorted(wounded):
        character = state["characters"][cid]
        box = wounded_box(character)
        assert box is not None
        name = c.characters[cid].name
        (die,) = ctx.roll(
            character["faction"],
            1,
            "4.4",
            msg(f"recovery check of {name['en']} ({box})", f"{name['ja']}の回復判定({box})"),
        )
        result = c.recovery[box][die - 1]
        right = BOXES.index(box) + 1
        if result == "worse" and right == len(BOXES):
            result = "death"  # ruling S5: no box lies right of H
        if result == "recover":  # 4.4.1
            character.update(at="pending", code=ANYWHERE)
        elif result == "worse":  # 4.4.3
            character["at"] = WOUNDED + BOXES[right]
        elif result == "death":  # 4.4.4
            character["at"] = "dead"
        en, ja = SAID[result]
        ctx.say(msg(f"{name['en']}: {en}", f"{name['ja']}: {ja}"), rule="4.4")


SAID = {
    "recover": ("recovered", "回復"),
    "none": ("no effect", "無効"),
    "worse": ("worse", "悪化"),
    "death": ("dies", "死亡"),
}
