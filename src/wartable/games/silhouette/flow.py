"""Rounds and turns: S2 (round start, +1 SP), S4 (the attack order, fixed in round 1), S5 and
S7 (a machine's turn, the next machine), S8 (round end, +3 SP to machines no one attacked);
and what comes next in an attack. The procedures (attack.py, damage.py, stand.py) return the
stage that follows them; `proceed` carries it out, asking the player whose decision it is, or
carrying out an enemy piece's choice (enemy.py). Every decision is registered here."""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Action, Context, Msg, State, msg
from wartable.engine.steps import Apply
from wartable.games.silhouette import attack, damage, enemy, stand, victory
from wartable.games.silhouette.grid import cell_key
from wartable.games.silhouette.sheet import sheet
from wartable.games.silhouette.state import comp, in_action, machine, name_of
from wartable.games.silhouette.steps import Next, owner_of, step, wait


def start(ctx: Context, state: State) -> None:
    """The first round, up to the first decision."""
    proceed(ctx, state, start_round(ctx, state))


def start_round(ctx: Context, state: State) -> Next:
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
    return next_turn(ctx, state)


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
        who = name_of(m)
        why = msg(f"turn order: {who['en']}", f"攻撃順: {who['ja']}")
        (face,) = ctx.roll(m["owner"] or "enemy", 1, "S4", why)
        rolls.setdefault(face, []).append(mid)
    return [mid for face in sorted(rolls) for mid in break_ties(ctx, state, rolls[face])]


def next_turn(ctx: Context, state: State) -> Next:
    """S7: the next machine in the fixed order that is still in action; after the last, S8.
    An enemy piece attacks as the scenario's procedure chooses (G21)."""
    order, machines = state["order"], state["machines"]
    turn = state["turn"] + 1
    while turn < len(order) and not in_action(machines[order[turn]]):
        turn += 1
    state["turn"] = turn
    if turn >= len(order):
        return end_round(ctx, state)
    m = machines[order[turn]]
    who = name_of(m)
    ctx.say(msg(f"{who['en']}'s turn", f"{who['ja']}の手番"), rule="S5")
    if m["owner"] is not None:
        wait(state, "turn", machine=m["id"], attacks=1, fresh=True)
        return None
    chosen = enemy.take_turn(ctx, state, m)
    if chosen is None:
        return "next_turn"
    weapon, target = chosen
    return attack.begin(ctx, state, m, weapon, target, 0)


def end_round(ctx: Context, state: State) -> Next:
    bonus = comp(state).rules["unattacked_sp"]
    for m in state["machines"].values():
        if in_action(m) and not m["attacked"]:
            m["sp"] += bonus
            who = name_of(m)
            ctx.say(
                msg(
                    f"{who['en']}: +{bonus} SP, no one attacked it",
                    f"{who['ja']}: 誰にも攻撃されなかったのでSP+{bonus}",
                ),
                rule="S8",
            )
    if state["round"] >= state["rounds"]:
        victory.round_limit(ctx, state)
        return None
    return start_round(ctx, state)


def turn_done(ctx: Context, state: State) -> Next:
    """After a weapon's attacks: the turn's second attack (S3 6 SP), or the next machine (S7)."""
    a = state["attack"]
    m = machine(state, a["by"])
    state["attack"] = None
    if a["turn_left"] > 0 and in_action(m):  # only a player's 6 SP buys a second attack
        wait(state, "turn", machine=m["id"], attacks=a["turn_left"], fresh=False)
        return None
    return "next_turn"


# --- within an attack: who answers (a player always, G13; an enemy piece by G21) ----------


def after_boost(ctx: Context, state: State) -> Next:
    """S6.3: after the attacker's skills, the defender's interrupts (always asked of a player,
    so that the question tells nothing of its sheet, G13); then the hit is resolved."""
    t = machine(state, state["attack"]["target"])
    if t["owner"] is not None:
        wait(state, "interrupt", machine=t["id"])
        return None
    chosen = enemy.interrupt(state, t)
    if chosen is not None:
        attack.use_interrupt(ctx, state, t, *chosen)
    return attack.resolve(ctx, state)


def hit(ctx: Context, state: State) -> Next:
    """④: a player always chooses how to take a hit, even with no choice but taking it, so
    that being asked tells nothing of the cell (G13)."""
    a = state["attack"]
    t = machine(state, a["target"])
    row, col = a["at"]
    key = cell_key((row, col))
    if t["owner"] is not None:
        wait(state, "defend", machine=t["id"], cell=key)
        return None
    chosen = enemy.defence(state, t, key, damage.defend_options(state, t, key))
    return damage.defend_with(ctx, state, t, key, chosen)


def after_damage(ctx: Context, state: State) -> Next:
    """⑤, then S10 ③: the target's standing checkpoint."""
    t = machine(state, state["attack"]["target"])
    return stand.checkpoint(ctx, state, t, damage.settle(ctx, state, t))


STAGES: dict[str, Callable[[Context, State], Next]] = {
    "after_boost": after_boost,
    "hit": hit,
    "after_damage": after_damage,
    "roll_done": attack.roll_done,
    "turn_done": turn_done,
    "next_turn": next_turn,
}


def proceed(ctx: Context, state: State, stage: Next) -> None:
    """Carry the battle on from `stage` until it waits for a decision or is over."""
    while stage is not None:
        stage = STAGES[stage](ctx, state)


# --- the turn decision (S5, S3 6 SP, S10 surrender) ---------------------------------------


def turn_legal(state: State, player: str) -> list[Action]:
    s = state["step"]
    m = machine(state, s["machine"])
    paper = sheet(state, m)
    actions: list[Action] = []
    if s["fresh"] and m["sp"] >= comp(state).rules["double_cost"]:
        actions.append({"do": "double"})
    actions.extend(attack.attack_actions(state, m, paper))
    actions.append({"do": "pass"})
    if victory.may_surrender(paper):
        actions.append({"do": "surrender"})
    return actions


def turn_apply(ctx: Context, state: State, player: str, action: Action) -> Next:
    s = state["step"]
    m = machine(state, s["machine"])
    do = action["do"]
    if do == "double":
        cost = comp(state).rules["double_cost"]
        m["sp"] -= cost
        who = name_of(m)
        ctx.say(
            msg(
                f"{who['en']} spends {cost} SP to attack twice this turn",
                f"{who['ja']}はSPを{cost}使い、この手番に2回攻撃する",
            ),
            rule="S3",
        )
        wait(state, "turn", machine=m["id"], attacks=2, fresh=False)
        return None
    if do == "pass":
        who = name_of(m)
        ctx.say(msg(f"{who['en']} does not attack", f"{who['ja']}は攻撃しない"), rule="S5")
        return "next_turn"
    if do == "surrender":
        victory.put_out(ctx, state, m, "surrender")
        return None if victory.check_end(ctx, state) else "next_turn"
    return attack.begin(ctx, state, m, action["weapon"], action["target"], s["attacks"] - 1)


def turn_describe(state: State, player: str, action: Action) -> Msg:
    do = action["do"]
    if do == "double":
        return msg("spend 6 SP: attack twice this turn", "SP6: この手番に2回攻撃")
    if do == "pass":
        return msg("end the turn without attacking", "攻撃せずに手番を終える")
    if do == "surrender":
        return msg("surrender", "降伏する")
    return attack.describe_attack(state, action)


# --- the decisions ------------------------------------------------------------------------


def then(apply: Callable[[Context, State, str, Action], Next]) -> Apply:
    """A decision's `apply`, after which the battle goes on from the stage it returns."""

    def run(ctx: Context, state: State, player: str, action: Action) -> None:
        proceed(ctx, state, apply(ctx, state, player, action))

    return run


owner = owner_of("machine")
step("turn", owner, turn_legal, then(turn_apply), turn_describe)
step("boost", owner, attack.boost_legal, then(attack.boost_apply), attack.boost_describe)
step(
    "interrupt",
    owner,
    attack.interrupt_legal,
    then(attack.interrupt_apply),
    attack.interrupt_describe,
)
step(
    "retarget",
    owner,
    attack.retarget_legal,
    then(attack.retarget_apply),
    attack.retarget_describe,
)
step("defend", owner, damage.defend_legal, then(damage.defend_apply), damage.defend_describe)
step("stand", stand.judge_of, stand.stand_legal, then(stand.stand_apply), stand.stand_describe)
