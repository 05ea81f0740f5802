"""Rounds and turns: S2 (round start, +1 SP), S4 (the attack order, fixed in round 1), S5 and
S7 (a machine's turn, the next machine), S8 (round end, +3 SP to machines no one attacked)."""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.silhouette import attack, enemy, victory
from wartable.games.silhouette.state import Machine, comp, in_action, machine, name_of
from wartable.games.silhouette.steps import owner_of, step, wait


def start_round(ctx: Context, state: State) -> None:
    state["round"] += 1
    n = state["round"]
    ctx.say(msg(f"round {n}", f"第{n}ラウンド"), rule="S2")
    gain = comp(state).rules["round_sp"]
    for m in state["machines"].values():
        m["attacked"] = False
        if in_action(m):
            m["sp"] += gain  # S9: all machines +1 SP; only players spend it (S3)
    if n == 1:
        fix_order(ctx, state)
    state["turn"] = -1
    next_turn(ctx, state)


def fix_order(ctx: Context, state: State) -> None:
    """S4: lightest first; machines of equal weight each roll a die, the lower goes first,
    rolling again among those still equal (G9). The order holds for every later round."""
    by_weight: dict[int, list[str]] = {}
    for mid, m in state["machines"].items():
        by_weight.setdefault(m["weight"], []).append(mid)
    order: list[str] = []
    for weight in sorted(by_weight):
        order.extend(break_ties(ctx, state, by_weight[weight]))
    state["order"] = order
    names = [name_of(machine(state, mid)) for mid in order]
    ctx.say(
        msg(
            "attack order: " + ", ".join(n["en"] for n in names),
            "攻撃順: " + "、".join(n["ja"] for n in names),
        ),
        rule="S4",
        order=order,
    )


def break_ties(ctx: Context, state: State, tied: list[str]) -> list[str]:
    if len(tied) == 1:
        return tied
    rolls: dict[int, list[str]] = {}
    for mid in tied:
        m = machine(state, mid)
        why = msg(f"turn order: {name_of(m)['en']}", f"攻撃順: {name_of(m)['ja']}")
        (face,) = ctx.roll(m["owner"] or "enemy", 1, "S4", why)
        rolls.setdefault(face, []).append(mid)
    return [mid for face in sorted(rolls) for mid in break_ties(ctx, state, rolls[face])]


def next_turn(ctx: Context, state: State) -> None:
    """S7: the next machine in the fixed order that is still in action; after the last, S8."""
    state["turn"] += 1
    order = state["order"]
    while state["turn"] < len(order) and not in_action(machine(state, order[state["turn"]])):
        state["turn"] += 1
    if state["turn"] >= len(order):
        end_round(ctx, state)
        return
    m = machine(state, order[state["turn"]])
    ctx.say(msg(f"{name_of(m)['en']}'s turn", f"{name_of(m)['ja']}の手番"), rule="S5")
    if m["owner"] is None:
        enemy.take_turn(ctx, state, m)
    else:
        wait(state, "turn", machine=m["id"], attacks=1, fresh=True)


def end_round(ctx: Context, state: State) -> None:
    bonus = comp(state).rules["unattacked_sp"]
    for m in state["machines"].values():
        if in_action(m) and not m["attacked"]:
            m["sp"] += bonus
            ctx.say(
                msg(
                    f"{name_of(m)['en']}: +{bonus} SP, no one attacked it",
                    f"{name_of(m)['ja']}: 誰にも攻撃されなかったのでSP+{bonus}",
                ),
                rule="S8",
            )
    if state["round"] >= state["rounds"]:
        victory.round_limit(ctx, state)
        return
    start_round(ctx, state)


def turn_done(ctx: Context, state: State, m: Machine, attacks_left: int) -> None:
    """After an attack: the turn's second attack (S3 6 SP), or the next machine (S7)."""
    state["attack"] = None
    if state["end"] is not None:
        return
    if attacks_left > 0 and in_action(m):  # only a player's 6 SP buys a second attack
        wait(state, "turn", machine=m["id"], attacks=attacks_left, fresh=False)
    else:
        next_turn(ctx, state)


# --- the turn decision (S5, S3 6 SP, S10 surrender) ---------------------------------------


def turn_legal(state: State, player: str) -> list[Action]:
    s = state["step"]
    m = machine(state, s["machine"])
    actions: list[Action] = []
    if s["fresh"] and m["sp"] >= comp(state).rules["double_cost"]:
        actions.append({"do": "double"})
    actions.extend(attack.attack_actions(state, m))
    actions.append({"do": "pass"})
    if victory.may_surrender(m):
        actions.append({"do": "surrender"})
    return actions


def turn_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    s = state["step"]
    m = machine(state, s["machine"])
    do = action["do"]
    if do == "double":
        cost = comp(state).rules["double_cost"]
        m["sp"] -= cost
        ctx.say(
            msg(
                f"{name_of(m)['en']} spends {cost} SP to attack twice this turn",
                f"{name_of(m)['ja']}はSPを{cost}使い、この手番に2回攻撃する",
            ),
            rule="S3",
        )
        wait(state, "turn", machine=m["id"], attacks=2, fresh=False)
    elif do == "pass":
        ctx.say(
            msg(f"{name_of(m)['en']} does not attack", f"{name_of(m)['ja']}は攻撃しない"), rule="S5"
        )
        next_turn(ctx, state)
    elif do == "surrender":
        victory.put_out(ctx, state, m, "surrender")
        if not victory.check_end(ctx, state):
            next_turn(ctx, state)
    else:
        attack.begin(ctx, state, m, action["weapon"], action["target"], s["attacks"] - 1)


def turn_describe(state: State, player: str, action: Action) -> Msg:
    do = action["do"]
    if do == "double":
        return msg("spend 6 SP: attack twice this turn", "SP6: この手番に2回攻撃")
    if do == "pass":
        return msg("end the turn without attacking", "攻撃せずに手番を終える")
    if do == "surrender":
        return msg("surrender", "降伏する")
    return attack.describe_attack(state, action)


step("turn", owner_of("machine"), turn_legal, turn_apply, turn_describe)
