"""Rule S10 ③ and S11: does the robot still stand, and self-destruction to keep it standing.

The paper's physics is the model of digest P.5 (physics.py) with the profile the ``physics``
option names; ``manual`` leaves it to the players, as the rulebook does (its owner reports what
the paper robot did). The lean is judged only at checkpoints: after ⑤ of an attack and when
the owner ends a self-destruction, never in between (S11: a momentary fall does not count).
"""

from __future__ import annotations

import functools

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.silhouette import damage, victory
from wartable.games.silhouette.components import Components
from wartable.games.silhouette.grid import parse_key
from wartable.games.silhouette.physics import FALLS_AT, STANDS_BELOW, CellState, Profile, lean
from wartable.games.silhouette.sheet import Sheet, sheet
from wartable.games.silhouette.state import Machine, comp, machine, show
from wartable.games.silhouette.steps import Next, wait

MANUAL = "manual"
VERDICT_NAME = {
    "standing": msg("stands", "自立している"),
    "leaning": msg("leans but is propped (under 90°)", "傾いているが支えられている（90°未満）"),
    "fallen": msg("has fallen", "転倒した"),
}


def profile(state: State) -> Profile | None:
    chosen = state["options"]["physics"]
    if chosen == MANUAL:
        return None
    return profile_of(comp(state), chosen)


@functools.cache
def profile_of(components: Components, chosen: str) -> Profile:
    return Profile(**components.physics[chosen])


def judge(state: State, paper: Sheet) -> dict[str, object]:
    """The lean of the core and the verdict: under 70° stands; 90° or more has fallen; in
    between the ``grey`` option decides (G20)."""
    prof = profile(state)
    assert prof is not None
    theta, level = paper.keep(("lean", prof), lambda s: leaning(s, prof))
    if theta < STANDS_BELOW:
        verdict = "standing"
    elif theta >= FALLS_AT or state["options"]["grey"] == "fallen":
        verdict = "fallen"
    else:
        verdict = "leaning"
    return {"theta": theta, "level": level, "verdict": verdict}


def leaning(s: Sheet, prof: Profile) -> tuple[float, int | None]:
    """The core's lean to a tenth of a degree, and the level of its weakest neck."""
    cells = {
        parse_key(key): CellState(cut=c.cut, frayed=c.frayed)
        for key, c in s.cells.items()
        if c.gone is None
    }
    result = lean(cells, s.links, parse_key(s.core), prof)
    return round(result.theta, 1), None if result.critical is None else result.critical.level


def checkpoint(ctx: Context, state: State, t: Machine, paper: Sheet) -> Next:
    """Judge a silhouette still in action after damage (`paper`: its sheet); its owner may
    then self-destruct (S11) before the attack is done."""
    if t["out"] is not None or t["unit"]:
        return "roll_done"  # unit machines fly (G18)
    if profile(state) is None:
        # the players judge the paper: the owner, or for an enemy piece the first pilot (G20)
        wait(state, "stand", machine=t["id"], by=t["owner"] or state["seats"][0])
        return None
    t["lean"] = judge(state, paper)
    report(ctx, t)
    if t["lean"]["verdict"] != "fallen":
        return "roll_done"
    if t["owner"] is None:
        victory.put_out(ctx, state, t, "fallen")
        return "roll_done"
    wait(state, "stand", machine=t["id"], by=t["owner"])
    return None


def report(ctx: Context, t: Machine) -> None:
    lean_ = t["lean"]
    verdict = VERDICT_NAME[lean_["verdict"]]
    damage.say(
        ctx,
        t,
        msg(f"leans {lean_['theta']}°: {verdict['en']}", f"傾き{lean_['theta']}°: {verdict['ja']}"),
        "S10",
        lean=lean_,
    )


def stand_legal(state: State, player: str) -> list[Action]:
    t = machine(state, state["step"]["machine"])
    parts = sorted({c["part"] for c in t["cells"].values() if c["gone"] is None})
    # S11: only the owner self-destructs; enemy pieces never do (G21)
    mine = t["owner"] is not None
    actions: list[Action] = [{"do": "detach", "part": p} for p in parts if mine]
    if profile(state) is None:
        return [*actions, {"do": "stands"}, {"do": "fallen"}]
    return [*actions, {"do": "done"}]


def stand_apply(ctx: Context, state: State, player: str, action: Action) -> Next:
    t = machine(state, state["step"]["machine"])
    do = action["do"]
    if do == "detach":
        detach(ctx, state, t, action["part"])
        if t["out"] is None and profile(state) is not None:
            # shown, not judged: a momentary fall is no fall (S11)
            t["lean"] = judge(state, sheet(state, t))
        if t["out"] is None:
            return None
    elif do == "done":
        t["lean"] = judge(state, sheet(state, t))
        if t["lean"]["verdict"] == "fallen":
            victory.put_out(ctx, state, t, "fallen")
        else:
            report(ctx, t)
    elif do == "fallen":
        victory.put_out(ctx, state, t, "fallen")
    else:
        damage.say(ctx, t, msg("its owner reports that it stands", "自立していると申告"), "S10")
    state["step"] = None
    return "roll_done"


def detach(ctx: Context, state: State, t: Machine, part: str) -> None:
    """S11: a whole part comes off; the core's part off the base puts it out of action."""
    keys = [k for k, c in t["cells"].items() if c["part"] == part and c["gone"] is None]
    for key in keys:
        t["cells"][key]["gone"] = "detached"
    show(ctx, t, keys)
    damage.say(
        ctx,
        t,
        msg(
            f"self-destruction: part {part} comes off ({', '.join(keys)})",
            f"自己破壊: パーツ{part}を外す（{'、'.join(keys)}）",
        ),
        "S11",
        detached=keys,
    )
    damage.settle(ctx, state, t)


def stand_describe(state: State, player: str, action: Action) -> Msg:
    do = action["do"]
    if do == "detach":
        t = machine(state, state["step"]["machine"])
        part = comp(state).robots[t["robot"]].parts[action["part"]]
        return msg(f"self-destruct: detach the {part['en']}", f"自己破壊: {part['ja']}を外す")
    if do == "stands":
        return msg("it stands", "自立している")
    if do == "fallen":
        return msg("it has fallen", "転倒した")
    return msg("stop: judge whether it stands", "終了: 自立を判定する")


def judge_of(state: State) -> tuple[str, ...]:
    return (state["step"]["by"],)
