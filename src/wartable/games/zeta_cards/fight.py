"""Rule 6: the fight.

One fight attacks one base of another faction (6.1). The attacker puts cards from hand face
down, then the defender (6.3, 6.4); both are revealed (6.5); ships draw their sortie from the
deck, without chaining (6.6); characters board, the attacker first (6.7); the side with more
command strikes first with as many craft as the difference (6.8); then the normal attack of
both sides at once, the defender adding its base's attack (6.9-6.15); the attacker's surviving
suppression lowers the base (6.16-6.18). The attacker's cards go to its discard pile (6.19);
the defender's survivors wait beside it and go back to its hand when the attacker ends its
fight action (6.20).
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta_cards import combat
from wartable.games.zeta_cards.combat import SIDES, other, values
from wartable.games.zeta_cards.flow import action, active, step, wait
from wartable.games.zeta_cards.state import (
    card_names,
    cards_n,
    comp,
    draw_cards,
    forget,
    possessive,
    take,
    who,
)
from wartable.games.zeta_cards.turn import action_done
from wartable.games.zeta_cards.victory import update_declarations

KIND = "fight"
SIDE_NAME = {"attacker": msg("attacker", "手番側"), "defender": msg("defender", "目標側")}


def enemy_bases(state: State, player: str) -> list[str]:
    """6.1: bases another faction controls (neutral bases cannot be attacked)."""
    return [bid for bid, b in state["bases"].items() if b["owner"] not in (player, None)]


def fighting_cards(state: State, player: str) -> list[str]:
    """6.3: the MS, ships and characters in a hand, one of each kind."""
    cards = comp(state).cards
    return sorted({cid for cid in state["hand"][player] if cards[cid].fighting})


def offered(state: State, player: str) -> bool:
    return bool(enemy_bases(state, player)) and bool(fighting_cards(state, player))


def start(ctx: Context, state: State) -> None:
    wait(state, KIND)


def legal(state: State, player: str) -> list[Action]:
    acts: list[Action] = []
    if fighting_cards(state, player):  # ruling Z10: a fight needs at least one card
        acts = [{"attack": bid} for bid in enemy_bases(state, player)]
    acts.append({"done": True})
    return acts


def apply(ctx: Context, state: State, player: str, act: Action) -> None:
    if "done" in act:
        return_held(ctx, state)
        state["step"] = None
        action_done(ctx, state)
        return
    bid = act["attack"]
    base = state["bases"][bid]
    state["fight"] = {
        "base": bid,
        "level": base["level"],
        "attacker": player,
        "defender": base["owner"],
        "picked": {"attacker": [], "defender": []},
        "revealed": False,
        "drawn": {"attacker": [], "defender": []},
        "units": [],
        "waiting": {"attacker": [], "defender": []},
        "command": None,
        "striker": None,
        "strikes": 0,
        "total": None,
        "alloc": {"attacker": [], "defender": []},
        "done": {"attacker": False, "defender": False},
        "lost": {"attacker": 0, "defender": 0},
    }
    name = comp(state).bases[bid].name
    owner = who(base["owner"])
    ctx.say(
        msg(
            f"{who(player)['en']} attacks {name['en']} ({owner['en']}, LV{base['level']})",
            f"{who(player)['ja']}が{name['ja']}（{owner['ja']}、LV{base['level']}）を攻撃",
        ),
        rule="6.1",
        base=bid,
    )
    wait(state, "select", side="attacker")


def describe(state: State, player: str, act: Action) -> Msg:
    if "done" in act:
        return msg("end the fight action", "戦闘アクションを終える")
    bid = act["attack"]
    base = state["bases"][bid]
    name = comp(state).bases[bid].name
    owner = who(base["owner"])
    return msg(
        f"attack {name['en']} ({owner['en']}, LV{base['level']})",
        f"{name['ja']}（{owner['ja']}、LV{base['level']}）を攻撃",
    )


action(KIND, offered, start)
step(KIND, active, legal, apply, describe)


def return_held(ctx: Context, state: State) -> None:
    """6.20: the defenders' surviving cards go back to their hands (no hand limit)."""
    for player in state["order"]:
        held = state["held"][player]
        if held:
            shown = card_names(state, held)
            state["hand"][player].extend(held)
            state["known"][player].extend(held)  # taken back face up: known to all
            state["held"][player] = []
            ctx.say(
                msg(
                    f"{who(player)['en']} takes {shown['en']} back into its hand",
                    f"{who(player)['ja']}は{shown['ja']}を手札に戻す",
                ),
                rule="6.20",
            )


# -- selection (6.3-6.5) -------------------------------------------------------------------------


def side_actor(state: State) -> tuple[str, ...]:
    return (state["fight"][state["step"]["side"]],)


def select_legal(state: State, player: str) -> list[Action]:
    side = state["step"]["side"]
    acts: list[Action] = [{"commit": cid} for cid in fighting_cards(state, player)]
    if side == "defender" or state["fight"]["picked"]["attacker"]:
        acts.append({"ready": True})
    return acts


def select_apply(ctx: Context, state: State, player: str, act: Action) -> None:
    fight = state["fight"]
    side = state["step"]["side"]
    picked = fight["picked"][side]
    if "commit" in act:
        take(state["hand"][player], act["commit"])
        picked.append(act["commit"])
        ctx.say(
            msg(
                f"{who(player)['en']} puts a card face down ({len(picked)})",
                f"{who(player)['ja']}がカードを裏にして出す（{len(picked)}枚目）",
            ),
            rule="6.3" if side == "attacker" else "6.4",
        )
        return
    ctx.say(
        msg(
            f"{who(player)['en']} has chosen: {cards_n(len(picked))} face down",
            f"{who(player)['ja']}の選出終了: 裏向き{len(picked)}枚",
        ),
        rule="6.3" if side == "attacker" else "6.4",
    )
    if side == "attacker":
        wait(state, "select", side="defender")
    else:
        reveal(ctx, state)


def select_describe(state: State, player: str, act: Action) -> Msg:
    if "ready" in act:
        return msg("done: fight with the cards put face down", "選出終了（裏のカードで戦う）")
    name = comp(state).cards[act["commit"]].name
    return msg(f"put {name['en']} face down into the fight", f"{name['ja']}を裏にして出す")


step("select", side_actor, select_legal, select_apply, select_describe)


def reveal(ctx: Context, state: State) -> None:
    """6.5 both sides show their cards; 6.6 the sorties; then boarding."""
    c = comp(state)
    fight = state["fight"]
    fight["revealed"] = True
    ctx.reveal()
    for side in SIDES:
        player = fight[side]
        shown = card_names(state, fight["picked"][side])
        ctx.say(
            msg(
                f"{who(player)['en']} ({SIDE_NAME[side]['en']}) reveals {shown['en']}",
                f"{who(player)['ja']}（{SIDE_NAME[side]['ja']}）の公開: {shown['ja']}",
            ),
            rule="6.5",
            side=side,
            cards=list(fight["picked"][side]),
        )
        forget(state, player, fight["picked"][side])
    for side in SIDES:
        player = fight[side]
        picked = fight["picked"][side]
        sortie = sum(c.cards[cid].sortie for cid in picked if c.cards[cid].kind == "ship")
        joined = list(picked)
        if sortie:
            deck = len(state["deck"][player])
            drawn = draw_cards(ctx, state, player, sortie, "6.6")
            if len(drawn) >= deck:  # the whole deck came out face up: the hand is the rest
                state["known"][player] = sorted(state["hand"][player])
            fighting = [cid for cid in drawn if c.cards[cid].fighting]
            domestic = [cid for cid in drawn if not c.cards[cid].fighting]
            state["discard"][player].extend(domestic)
            fight["drawn"][side] = fighting
            joined += fighting
            shown, thrown = card_names(state, fighting), card_names(state, domestic)
            ctx.say(
                msg(
                    f"{possessive(who(player)['en'])} ships sortie {sortie}: "
                    f"{shown['en']} join the fight"
                    + (f"; {thrown['en']} to the discard pile" if domestic else ""),
                    f"{who(player)['ja']}の艦船の出撃{sortie}: {shown['ja']}が戦闘に加わる"
                    + (f"、{thrown['ja']}は捨て札" if domestic else ""),
                ),
                rule="6.6",
                side=side,
                drawn=drawn,
            )
        units, waiting = combat.muster(c, side, joined)
        fight["units"].extend(units)
        fight["waiting"][side] = waiting
    settle_board(ctx, state, "attacker")


# -- boarding (6.7) ------------------------------------------------------------------------------


def board_pairs(state: State, side: str) -> list[tuple[str, int]]:
    fight = state["fight"]
    return combat.board_options(comp(state), fight["units"], fight["waiting"][side], side)


def settle_board(ctx: Context, state: State, side: str) -> None:
    """Board without asking while there is at most one way to; then the next side."""
    fight = state["fight"]
    while True:
        pairs = board_pairs(state, side)
        if len(pairs) > 1:
            wait(state, "board", side=side)
            return
        if pairs:
            board(ctx, state, side, *pairs[0])
            continue
        left = fight["waiting"][side]
        if left:
            player = fight[side]
            state["discard"][player].extend(left)
            fight["lost"][side] += len(left)
            shown = card_names(state, left)
            ctx.say(
                msg(
                    f"{who(player)['en']}: no craft left to board for {shown['en']}: discarded",
                    f"{who(player)['ja']}の{shown['ja']}は乗る機体が無く捨て札",
                ),
                rule="6.7",
            )
            fight["waiting"][side] = []
        if side == "attacker":
            side = "defender"
            continue
        first_strike(ctx, state)
        return


def board(ctx: Context, state: State, side: str, char: str, craft: int) -> None:
    fight = state["fight"]
    unit = fight["units"][craft]
    unit["pilot"] = char
    fight["waiting"][side].remove(char)
    cards = comp(state).cards
    c_name, k_name = cards[char].name, cards[unit["card"]].name
    ctx.say(
        msg(f"{c_name['en']} boards {k_name['en']}", f"{c_name['ja']}が{k_name['ja']}に搭乗"),
        rule="6.7",
    )


def board_legal(state: State, player: str) -> list[Action]:
    return [{"board": ch, "craft": i} for ch, i in board_pairs(state, state["step"]["side"])]


def board_apply(ctx: Context, state: State, player: str, act: Action) -> None:
    side = state["step"]["side"]
    board(ctx, state, side, act["board"], act["craft"])
    settle_board(ctx, state, side)


def board_describe(state: State, player: str, act: Action) -> Msg:
    cards = comp(state).cards
    char = cards[act["board"]]
    craft = cards[state["fight"]["units"][act["craft"]]["card"]]
    role = msg("pilot", "パイロット") if char.role == "pilot" else msg("captain", "艦長")
    return msg(
        f"{char.name['en']} ({role['en']}) boards {craft.name['en']}",
        f"{char.name['ja']}（{role['ja']}）を{craft.name['ja']}に乗せる",
    )


step("board", side_actor, board_legal, board_apply, board_describe)


# -- first strike (6.8, 6.10) --------------------------------------------------------------------


def tl_of(state: State, side: str) -> int:
    tl: int = state["tl"][state["fight"][side]]
    return tl


def first_strike(ctx: Context, state: State) -> None:
    c = comp(state)
    fight = state["fight"]
    units = fight["units"]
    cmd = {side: combat.command(c, units, side, tl_of(state, side)) for side in SIDES}
    fight["command"] = cmd
    a, d = cmd["attacker"], cmd["defender"]
    if a == d:
        ctx.say(
            msg(f"command {a} against {d}: no first strike", f"指揮 {a} 対 {d}: 先制攻撃なし"),
            rule="6.8",
        )
        normal_attack(ctx, state)
        return
    striker = "attacker" if a > d else "defender"
    count = abs(a - d)
    player = fight[striker]
    ctx.say(
        msg(
            f"command {a} against {d}: {who(player)['en']} may strike first with {count} craft",
            f"指揮 {a} 対 {d}: {who(player)['ja']}は{count}機で先制攻撃できる",
        ),
        rule="6.8",
    )
    if not combat.alive(units, striker) or not combat.alive(units, other(striker)):
        normal_attack(ctx, state)  # nothing to strike with, or nothing to strike at
        return
    fight["striker"] = striker
    fight["strikes"] = count
    wait(state, "strike")


def striker_actor(state: State) -> tuple[str, ...]:
    fight = state["fight"]
    return (fight[fight["striker"]],)


def struck(state: State) -> list[int]:
    return [i for i, u in enumerate(state["fight"]["units"]) if u["struck"]]


def strike_legal(state: State, player: str) -> list[Action]:
    fight = state["fight"]
    acts: list[Action] = []
    if len(struck(state)) < fight["strikes"]:
        acts = [{"strike": i} for i in combat.strike_options(fight["units"], fight["striker"])]
    acts.append({"done": True})
    return acts


def strike_apply(ctx: Context, state: State, player: str, act: Action) -> None:
    fight = state["fight"]
    if "strike" in act:
        fight["units"][act["strike"]]["struck"] = True
        name = unit_name(state, fight["units"][act["strike"]])
        ctx.say(msg(f"{name['en']} strikes first", f"{name['ja']}が先制攻撃"), rule="6.8")
        more = combat.strike_options(fight["units"], fight["striker"])
        if len(struck(state)) < fight["strikes"] and more:
            return
    if not struck(state):
        ctx.say(msg("no first strike", "先制攻撃は行わない"), rule="6.8")
        normal_attack(ctx, state)
        return
    side = fight["striker"]
    total = sum(
        values(comp(state), fight["units"][i], tl_of(state, side))[0] for i in struck(state)
    )
    fight["total"] = {side: total, other(side): 0}
    ctx.say(
        msg(
            f"first strike: {total} attack (the base's attack never joins it)",
            f"先制攻撃: 攻撃力{total}（拠点の攻撃力は加えない）",
        ),
        rule="6.8",
        total=total,
    )
    fight["alloc"] = {"attacker": [], "defender": []}
    fight["done"] = {side: False, other(side): True}
    settle_alloc(state, side)
    if fight["done"][side]:
        finish_first(ctx, state)
    else:
        wait(state, "alloc", mode="first")


def strike_describe(state: State, player: str, act: Action) -> Msg:
    if "done" in act:
        return msg("no more first strikers", "先制攻撃する機体の選択を終える")
    name = unit_name(state, state["fight"]["units"][act["strike"]])
    return msg(f"strike first with {name['en']}", f"{name['ja']}で先制攻撃")


step("strike", striker_actor, strike_legal, strike_apply, strike_describe)


def unit_name(state: State, unit: dict[str, Any]) -> Msg:
    cards = comp(state).cards
    craft = cards[unit["card"]].name
    if unit["pilot"] is None:
        return dict(craft)
    pilot = cards[unit["pilot"]].name
    return msg(f"{craft['en']} ({pilot['en']})", f"{craft['ja']}（{pilot['ja']}）")


# -- allocation of attack (6.9-6.14) -----------------------------------------------------------


def remaining(state: State, side: str) -> int:
    """The attack `side` has not yet allocated (its own allocation only)."""
    fight = state["fight"]
    c = comp(state)
    tl = tl_of(state, other(side))
    spent = sum(values(c, fight["units"][i], tl)[1] for i in fight["alloc"][side])
    total: int = fight["total"][side]
    return total - spent


def hit_options(state: State, side: str) -> list[int]:
    """Enemy cards `side` may still destroy (ruling Z16: attack is allocated as long as it
    can destroy something)."""
    fight = state["fight"]
    return combat.hit_options(
        comp(state),
        fight["units"],
        other(side),
        tl_of(state, other(side)),
        remaining(state, side),
        fight["alloc"][side],
    )


def settle_alloc(state: State, side: str) -> None:
    """Allocate without asking while there is at most one kind of card to destroy."""
    fight = state["fight"]
    while not fight["done"][side]:
        options = hit_options(state, side)
        if len(options) > 1:
            return
        if options:
            fight["alloc"][side].append(options[0])
        else:
            fight["done"][side] = True


def alloc_actors(state: State) -> tuple[str, ...]:
    fight = state["fight"]
    return tuple(fight[side] for side in SIDES if not fight["done"][side])


def side_of(state: State, player: str) -> str:
    return "attacker" if state["fight"]["attacker"] == player else "defender"


def alloc_legal(state: State, player: str) -> list[Action]:
    return [{"hit": i} for i in hit_options(state, side_of(state, player))]


def alloc_apply(ctx: Context, state: State, player: str, act: Action) -> None:
    fight = state["fight"]
    side = side_of(state, player)
    fight["alloc"][side].append(act["hit"])
    settle_alloc(state, side)
    if state["step"]["mode"] == "first":
        if fight["done"][side]:
            finish_first(ctx, state)
    elif all(fight["done"].values()):
        finish_normal(ctx, state)


def alloc_describe(state: State, player: str, act: Action) -> Msg:
    fight = state["fight"]
    side = side_of(state, player)
    unit = fight["units"][act["hit"]]
    _, defence, _ = values(comp(state), unit, tl_of(state, other(side)))
    name = unit_name(state, unit)
    left = remaining(state, side)
    return msg(
        f"destroy {name['en']}: {defence} of your {left} attack",
        f"{name['ja']}を撃破（攻撃力{left}のうち{defence}を割り振る）",
    )


step("alloc", alloc_actors, alloc_legal, alloc_apply, alloc_describe)


def destroy(ctx: Context, state: State, side: str, indices: list[int], rule: str) -> None:
    """6.12, 6.14: destroyed units go to their owner's discard pile with the character aboard."""
    fight = state["fight"]
    player = fight[side]
    names = []
    for i in indices:
        unit = fight["units"][i]
        unit["gone"] = True
        cards = [unit["card"]] + ([unit["pilot"]] if unit["pilot"] else [])
        state["discard"][player].extend(cards)
        fight["lost"][side] += len(cards)
        names.append(unit_name(state, unit))
    if names:
        ctx.say(
            msg(
                f"{who(player)['en']} loses " + ", ".join(n["en"] for n in names),
                f"{who(player)['ja']}の損害: " + "、".join(n["ja"] for n in names),
            ),
            rule=rule,
        )


def finish_first(ctx: Context, state: State) -> None:
    """6.10: the first strike's damage is applied before the normal attack."""
    fight = state["fight"]
    striker = fight["striker"]
    destroy(ctx, state, other(striker), fight["alloc"][striker], "6.10")
    normal_attack(ctx, state)


def normal_attack(ctx: Context, state: State) -> None:
    """6.9: the remaining craft of both sides attack at once; the defender adds the base's
    attack (6.15). First strikers stand down unless the option says otherwise (ruling Z14)."""
    c = comp(state)
    fight = state["fight"]
    units = fight["units"]
    again = state["options"]["first_strikers"] == "attack_again"
    total = {
        side: sum(
            values(c, units[i], tl_of(state, side))[0]
            for i in combat.alive(units, side)
            if again or not units[i]["struck"]
        )
        for side in SIDES
    }
    base_attack = c.bases[fight["base"]].attack[state["bases"][fight["base"]]["level"]]
    total["defender"] += base_attack
    fight["total"] = total
    fight["alloc"] = {"attacker": [], "defender": []}
    fight["done"] = {"attacker": False, "defender": False}
    ctx.say(
        msg(
            f"normal attack: attacker {total['attacker']}, defender {total['defender']} "
            f"(base attack {base_attack} included)",
            f"通常攻撃: 手番側 {total['attacker']}、目標側 {total['defender']}"
            f"（拠点攻撃力{base_attack}を含む）",
        ),
        rule="6.9",
    )
    for side in SIDES:
        settle_alloc(state, side)
    if all(fight["done"].values()):
        finish_normal(ctx, state)
    else:
        wait(state, "alloc", mode="normal")


def finish_normal(ctx: Context, state: State) -> None:
    """6.10: both sides' damage at once; then suppression (6.16-6.18) and the end (6.19)."""
    fight = state["fight"]
    ctx.reveal()  # the secret allocations are shown
    hits = {side: list(fight["alloc"][side]) for side in SIDES}
    for side in SIDES:
        destroy(ctx, state, other(side), hits[side], "6.12")
    suppress(ctx, state)
    end_fight(ctx, state)


def suppress(ctx: Context, state: State) -> None:
    c = comp(state)
    fight = state["fight"]
    units = fight["units"]
    bid = fight["base"]
    base = state["bases"][bid]
    tl = tl_of(state, "attacker")
    total = sum(values(c, units[i], tl)[2] for i in combat.alive(units, "attacker"))
    lost, _ = combat.levels_lost(c, bid, base["level"], total, state["options"]["suppression"])
    name = c.bases[bid].name
    before = base["level"]
    base["level"] -= lost
    fight["levels"] = lost
    capped = c.bases[bid].political and lost == c.political_cap
    if not lost:
        ctx.say(
            msg(
                f"suppression {total} does not reach {name['en']}'s "
                f"{c.bases[bid].suppression[before]}: the base holds at LV{before}",
                f"制圧値{total}は{name['ja']}の制圧値{c.bases[bid].suppression[before]}に"
                f"満たない: LV{before}のまま",
            ),
            rule="6.16",
            base=bid,
        )
        return
    ctx.say(
        msg(
            f"suppression {total} against {name['en']}: LV{before} → LV{base['level']}"
            + (" (a political base falls at most 2 levels in a fight)" if capped else ""),
            f"制圧値 {total}: {name['ja']} LV{before}→LV{base['level']}"
            + ("（政治拠点は1回の戦闘で2段階まで）" if capped else ""),
        ),
        rule="6.17" if capped else "6.16",
        base=bid,
    )
    if base["level"] == 0:
        base["owner"] = None
        ctx.say(
            msg(
                f"{name['en']} becomes neutral and goes to the stock",
                f"{name['ja']}は中立としてストックへ",
            ),
            rule="6.18",
            base=bid,
        )
    update_declarations(ctx, state)


def end_fight(ctx: Context, state: State) -> None:
    """6.19: every attacker card to its discard pile; 6.20: the defender's survivors wait."""
    fight = state["fight"]
    for i in combat.alive(fight["units"], "attacker"):
        unit = fight["units"][i]
        state["discard"][fight["attacker"]].extend(
            [unit["card"]] + ([unit["pilot"]] if unit["pilot"] else [])
        )
    held = state["held"][fight["defender"]]
    for i in combat.alive(fight["units"], "defender"):
        unit = fight["units"][i]
        held.extend([unit["card"]] + ([unit["pilot"]] if unit["pilot"] else []))
    state["last_fight"] = {
        "base": fight["base"],
        "attacker": fight["attacker"],
        "defender": fight["defender"],
        "levels": fight.get("levels", 0),
        "lost": dict(fight["lost"]),
    }
    state["fight"] = None
    if state["end"] is None:
        wait(state, KIND)
