"""Rules 5, 6 and 11: the Bieler and Merc movement phases (with Strike Dog's limit, 12.10/12.12).

A move is one step into an adjacent hex, ``{"move": uid, "to": hex}``. A unit's steps make one
continuous path (ruling R13): once another unit steps, or anything is flipped or loaded, the unit
that was moving has finished for the phase. Remaining MP live in ``unit["mp"]`` during a phase
(absent: the unit has not moved in it) and are removed when the phase ends.

The same machinery serves the response phases (rule 7, `wartable.games.votoms.response`): a
`Mode` says what differs there. Whether a step is legal depends only on public facts: the
mover's own unit, and for the other side only where its units are and which are face-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.votoms.components import Components
from wartable.games.votoms.flow import BIELER, MERC, SIDES, next_phase, phase, step, wait
from wartable.games.votoms.stages import PROTO_ONE, STRIKE_DOG
from wartable.games.votoms.state import Unit, comp, seen, shuffled

GROUND_MP, HELI_MP = 5, 9  # rule 5.3
STRIKE_DOG_STAGES = (6, 8)  # rules 12.10, 12.12: within 3 hexes of the Palace
STRIKE_DOG_RANGE = 3
NUBA = "nuba_highland"
SIDE_NAMES = {MERC: ("merc", "傭兵側"), BIELER: ("bieler", "ビーラー側")}


# --------------------------------------------------------------------------- the map, once

ALWAYS = HELI_MP + 1  # index of a route row: any adjacent hex, whatever it costs (7.3.6)
Dests = tuple[tuple[str, ...], frozenset[str]]  # destinations, those barred by an enemy there
Routes = dict[str, dict[str, tuple[Dests, ...]]]  # unit type -> hex -> row by MP left


@dataclass(frozen=True)
class Board:
    """What the rules ask of the printed map and counters on every move (built once per data);
    hexes by label."""

    ground_cost: dict[tuple[str, str], int]  # terrain cost of the step a -> b (5.4, 5.6)
    nuba: str
    homes: dict[str, str]
    near_palace: frozenset[str]  # within 3 hexes of the Palace (12.10, 12.12)
    facts: dict[str, tuple[bool, bool, bool]]  # unit type -> is heli, Proto One, Strike Dog
    counts: dict[str, dict[str, int]]  # side -> unit type -> counters in the game (2.2)
    # each unit type's single steps, without and with Strike Dog's limit (12.10, 12.12)
    routes: dict[bool, Routes]


_BOARDS: dict[int, tuple[Components, Board]] = {}


def board(c: Components) -> Board:
    cached = _BOARDS.get(id(c))
    if cached is None or cached[0] is not c:
        cached = (c, _build_board(c))
        _BOARDS[id(c)] = cached
    return cached[1]


def _build_board(c: Components) -> Board:
    grid = c.grid
    costs = c.terrain_cost
    neighbours: dict[str, tuple[str, ...]] = {}
    ground: dict[tuple[str, str], int] = {}
    for h in grid.hexes:
        a = grid.label(h)
        near = tuple(grid.label(n) for n in grid.neighbours(h))
        neighbours[a] = near
        for b in near:
            kind = grid.terrain(b)
            if kind == "river" and c.river_step(a, b):
                ground[a, b] = costs["river_along"]  # 5.6, ruling R6
            else:
                ground[a, b] = costs[kind]  # 5.4, clear 1 (ruling R5)
    palace = c.home(BIELER).hex
    near_palace = frozenset(grid.label(h) for h in grid.within(palace, STRIKE_DOG_RANGE))

    def row(a: str, heli: bool, near_only: bool) -> tuple[Dests, ...]:
        """The steps from `a` by MP left: a step costs its terrain (1 for a heli, 5.11.3) and
        1 more into an enemy hex (5.7, 5.11.4), so one that costs exactly the MP left is barred
        by an enemy there."""
        steps = [
            (b, 1 if heli else ground[a, b])
            for b in neighbours[a]
            if not near_only or b in near_palace
        ]
        by_mp = [
            (
                tuple(b for b, cost in steps if cost <= left),
                frozenset(b for b, cost in steps if cost == left),
            )
            for left in range(ALWAYS)
        ]
        return (*by_mp, (tuple(b for b, _ in steps), frozenset()))

    tables = {
        (heli, near_only): {a: row(a, heli, near_only) for a in neighbours}
        for heli in (False, True)
        for near_only in (False, True)
    }
    facts = {
        t.id: (t.kind == "heli", t.id == PROTO_ONE, t.id == STRIKE_DOG) for t in c.units.values()
    }
    return Board(
        ground_cost=ground,
        nuba=c.places[NUBA].hex,
        homes={MERC: c.home(MERC).hex, BIELER: palace},
        near_palace=near_palace,
        facts=facts,
        counts={
            side: {t.id: t.count for t in c.units.values() if t.side == side} for side in SIDES
        },
        routes={
            limit: {t: tables[heli, limit and dog] for t, (heli, _, dog) in facts.items()}
            for limit in (False, True)
        },
    )


# --------------------------------------------------------------------------- who is where


def ready(unit: Unit) -> bool:
    """Face-up in the sense of the rules: an acted heli shows its back (2.2.3, ruling R3).

    Only helis are ever acted, and a heli is never face-down, so this reads no hidden type."""
    return bool(unit["up"]) and not unit["acted"]


# --------------------------------------------------------------------------- modes


@dataclass(frozen=True)
class Mode:
    """How units move in one kind of step."""

    kind: str  # the step kind
    ground_mp: int  # 5, or 3 for a Bieler response move (7.3.5)
    flips: bool  # 5.2 reveals and hides between moves: own movement phase only
    helis_only: bool  # Merc response: ready helis from EX-10 (7.2.2, 7.2.3)
    response: bool  # Bieler response: face-up, 1 RP, holding force, one step always (7.3)


MOVEMENT = Mode("movement", GROUND_MP, flips=True, helis_only=False, response=False)
MODES: dict[str, Mode] = {MOVEMENT.kind: MOVEMENT}


def begin_moves(state: State, side: str, mode: Mode = MOVEMENT) -> None:
    """Wait for the moves of `side` (`mover`: the unit whose path is under way)."""
    wait(state, mode.kind, side=side, mover=None, loads={})


def finish_moves(state: State) -> None:
    """The end of a phase: MP are not kept (5.4), nor the phase's flip marks."""
    for u in state["units"].values():
        u.pop("mp", None)
        u.pop("revealed", None)


def heli_mp(state: State, b: Board, heli: Unit, mode: Mode, guarded: bool) -> int:
    """The MP a heli that has not moved in this phase starts its move with, 0 if it may not
    move; `guarded`: a face-up enemy unit is in the heli's home (see `home_guarded`)."""
    if heli["acted"] or heli["moved"] == state["turn"]:
        return 0  # 5.11.1, 5.11.2
    if mode.helis_only and (heli["hex"] != b.homes[heli["side"]] or guarded):
        return 0  # 7.2.2, 7.2.3
    return HELI_MP


def home_guarded(state: State, b: Board, side: str) -> bool:
    """7.2.3: a face-up enemy unit (a ready heli counts) stands in `side`'s home. Public."""
    home = b.homes[side]
    for u in state["units"].values():
        if u["hex"] == home and u["side"] != side and u["up"] and not u["acted"]:  # `ready`
            return True
    return False


def standoff(state: State, side: str) -> dict[str, int]:
    """7.3.4: by hex, `side`'s face-up units less the enemy's (ready helis count on both
    sides), for the hexes holding any. None of `side`'s face-up units may leave a hex where
    this is below 1: it would leave fewer of them than the enemy's. Public."""
    balance: dict[str, int] = {}
    for u in state["units"].values():
        where = u["hex"]
        if where is not None and u["up"] and not u["acted"]:  # `ready`, inline
            balance[where] = balance.get(where, 0) + (1 if u["side"] == side else -1)
    return balance


def step_cost(b: Board, a: str, to: str, heli: bool, enemy: bool) -> int:
    """5.4/5.6 terrain (a heli pays 1 anywhere, 5.11.3), +1 into any enemy hex (5.7, 5.11.4)."""
    return (1 if heli else b.ground_cost[a, to]) + enemy


def pending(state: State) -> str | None:
    """A heli that has just loaded a unit must now make its move (ruling: loading is part of
    the heli's move, 5.11.5 「移動する際に」)."""
    s = state["step"]
    mover = s.get("mover")
    if mover is not None and mover in s.get("loads", {}) and "mp" not in state["units"][mover]:
        return mover  # type: ignore[no-any-return]
    return None


def legal(state: State, player: str) -> list[Action]:
    """Every step, load and 5.2 flip `player` may make now, then the end of its moves.

    One pass over the units: this runs after every action of a movement phase. What only
    some units need (the enemy's hexes, 7.2.3's guard, 7.3.4's holding force) is found when
    the first of them asks."""
    mode = MODES[state["step"]["kind"]]
    b = board(comp(state))
    units = state["units"]
    heli_id = pending(state)
    mine = (units[heli_id],) if heli_id else units.values()  # (the enemy's are skipped)
    flips_on = mode.flips
    response = mode.response
    helis_only = mode.helis_only
    # a ground unit's MP to start its path with: none at all without RP to pay (7.3.3)
    ground_mp = 0 if response and state["rp"] < 1 else mode.ground_mp
    guarded: bool | None = None if helis_only else False
    balance: dict[str, int] | None = None
    routes = b.routes[state["stage"] in STRIKE_DOG_STAGES]
    home = b.homes[player]
    facts = b.facts
    enemy: set[str] | None = None  # hexes holding enemy units, face-up or not
    paths: list[tuple[str, tuple[str, ...]]] = []  # (unit, where it may step)
    flips: list[Action] = []
    helis: list[Unit] = []  # may load: about to start a move
    for u in mine:
        if u["side"] != player:
            continue
        here = u["hex"]
        if here is None:
            continue
        if flips_on:
            if not u["up"]:
                flips.append({"reveal": u["id"]})
            elif here == home and not u.get("revealed") and not facts[u["type"]][0]:  # `act`
                flips.append({"hide": u["id"]})
        if "mp" in u:
            left = u["mp"]
            if not left:
                continue
        else:  # it has not moved in this phase: the MP it starts a path with
            heli, proto_one, _ = facts[u["type"]]
            if heli:
                if guarded is None and here == home:
                    guarded = home_guarded(state, b, player)
                left = heli_mp(state, b, u, mode, bool(guarded))
                if not left:
                    continue
                helis.append(u)
            elif proto_one or not ground_mp:
                continue  # 5.9.3 (ruling R14); 7.2.2: helis only; 7.3.3: no RP to pay
            else:
                if response:
                    if not u["up"]:
                        continue  # 7.3.3
                    if balance is None:
                        balance = standoff(state, player)
                    if balance[here] < 1:  # (it counts this unit)
                        continue  # 7.3.4: the holding force stays
                left = ground_mp
            if response:
                left = ALWAYS  # 7.3.6: one adjacent step always
        dests, barred = routes[u["type"]][here][left]
        if barred:
            if enemy is None:
                enemy = {e["hex"] for e in units.values() if e["side"] != player}
            if not barred.isdisjoint(enemy):
                dests = tuple(to for to in dests if to not in barred or to not in enemy)
        paths.append((u["id"], dests))
    moves: list[Action] = [{"move": uid, "to": to} for uid, dests in paths for to in dests]
    if heli_id:
        return moves
    if helis:  # 5.11.5, 7.2.4: ATs and soldiers of the heli's hex that have not moved (R15)
        cargo: dict[str, list[str]] = {}
        for u in mine:
            if u["side"] == player and "mp" not in u and not facts[u["type"]][0]:
                cargo.setdefault(u["hex"], []).append(u["id"])
        moves += [{"load": x, "heli": h["id"]} for h in helis for x in cargo.get(h["hex"], ())]
    moves += flips
    moves.append({"end": True})
    return moves


# --------------------------------------------------------------------------- carrying out


def close_path(state: State, keep: str | None = None) -> None:
    """The unit that was moving has finished its path unless it is `keep` (ruling R13)."""
    s = state["step"]
    mover = s.get("mover")
    if mover is not None and mover != keep:
        unit = state["units"].get(mover)
        if unit is not None:
            unit["mp"] = 0
        s["mover"] = None


def unit_name(state: State, unit: Unit) -> Msg:
    return comp(state).units[unit["type"]].name


def turn_up(ctx: Context, state: State, unit: Unit, rule: str, why: Msg) -> None:
    """Flip a face-down unit face-up: everyone now sees what it is."""
    unit["up"] = True
    name = unit_name(state, unit)
    ctx.say(
        msg(
            f"{unit['id']} is turned face-up: {name['en']} ({why['en']})",
            f"{unit['id']} を表にする: {name['ja']}（{why['ja']}）",
        ),
        rule=rule,
        unit=unit["id"],
        hex=unit["hex"],
    )
    ctx.reveal()


def turn_down(ctx: Context, state: State, unit: Unit, rule: str) -> None:
    """Flip a unit face-down; the owner's face-down stack there is re-issued (ruling R16)."""
    seen(state, unit)
    unit["up"] = False
    en, ja = SIDE_NAMES[unit["side"]]
    ctx.say(
        msg(
            f"{en} turns {unit['id']} face-down in {unit['hex']}",
            f"{ja}は {unit['hex']} の {unit['id']} を裏にする",
        ),
        rule=rule,
        unit=unit["id"],
        hex=unit["hex"],
    )
    reissue(ctx, state, unit["side"], unit["hex"])


def reissue(ctx: Context, state: State, side: str, hex_label: str) -> None:
    """Ruling R16: when a unit is turned face-down, the side's face-down counters in that hex
    are re-issued in random order, as if the owner shuffled the stack.

    Only counters whose public marks are equal (MP left in this phase, say) trade identities,
    so a unit that has finished moving never turns into one that may still move."""
    groups: dict[frozenset[tuple[str, object]], list[Unit]] = {}
    for u in state["units"].values():
        if u["hex"] == hex_label and u["side"] == side and not u["up"]:
            # every field but the id and the type (all plain values, so hashable)
            marks = frozenset(u.items()).difference((("id", u["id"]), ("type", u["type"])))
            groups.setdefault(marks, []).append(u)
    for group in groups.values():
        if len(group) > 1:
            shuffled(state, side, [u["id"] for u in group])
            types = [u["type"] for u in group]
            ctx.dice.shuffle(types)  # not logged: the new order is the owner's secret
            ctx.barrier = True
            for u, type_id in zip(group, types, strict=True):
                u["type"] = type_id


def do_move(ctx: Context, state: State, unit: Unit, to: str, mode: Mode) -> None:
    """One step of `unit` into the adjacent hex `to` (already checked legal)."""
    b = board(comp(state))
    s = state["step"]
    uid = unit["id"]
    close_path(state, keep=uid)
    side = unit["side"]
    enemies = [u for u in state["units"].values() if u["hex"] == to and u["side"] != side]
    heli = b.facts[unit["type"]][0]
    start = unit["hex"]
    left = unit.get("mp")
    if left is None:
        left = HELI_MP if heli else mode.ground_mp
        if heli:
            unit["moved"] = state["turn"]  # 5.11.1: its one move of the turn
        if mode.response:
            state["rp"] -= 1  # 7.3.3
            ctx.say(
                msg(
                    f"bieler pays 1 RP to move {uid} ({state['rp']} left)",
                    f"ビーラー側は {uid} の移動に対応ポイント1を消費（残り {state['rp']}）",
                ),
                rule="7.3.3",
            )
    left = max(0, left - step_cost(b, start, to, heli, bool(enemies)))  # < 0: 7.3.6's step
    if enemies and (heli or side == BIELER or any(ready(u) for u in enemies)):
        left = 0  # 5.11.4, 5.9.2, 5.10.1: stop on entering
    unit["mp"] = left
    unit["hex"] = to
    carried = s.get("loads", {}).get(uid)
    if carried is not None:
        state["units"][carried]["hex"] = to  # 5.11.5: the load goes where the heli goes
    s["mover"] = uid if left else None
    ctx.say(
        msg(f"{uid} {start} → {to} ({left} MP left)", f"{uid} {start} → {to}（残り移動力 {left}）"),
        rule="7" if mode is not MOVEMENT else "5",
        unit=uid,
        path=[start, to],
    )
    if to == b.nuba and not unit["up"]:
        turn_up(ctx, state, unit, "11.2", msg("entering Nuba Highland", "ヌバ高地に進入"))


def do_load(ctx: Context, state: State, heli: Unit, unit: Unit) -> None:
    """5.11.5 (ruling R15): the unit is turned face-up at once and travels with the heli; being
    carried is its move for the phase."""
    close_path(state)
    unit["mp"] = 0
    state["step"]["loads"][heli["id"]] = unit["id"]
    state["step"]["mover"] = heli["id"]
    ctx.say(
        msg(f"heli {heli['id']} loads {unit['id']}", f"ヘリ {heli['id']} が {unit['id']} を積載"),
        rule="5.11.5",
        unit=heli["id"],
        load=unit["id"],
    )
    if not unit["up"]:
        turn_up(ctx, state, unit, "5.11.5", msg("loaded on a heli", "ヘリに積載"))


def act(ctx: Context, state: State, player: str, action: Action, mode: Mode) -> bool:
    """Carry out a move, load or 5.2 flip; False if the action is none of these."""
    units = state["units"]
    if "move" in action:
        do_move(ctx, state, units[action["move"]], action["to"], mode)
    elif "load" in action:
        do_load(ctx, state, units[action["heli"]], units[action["load"]])
    elif "reveal" in action:
        close_path(state)
        unit = units[action["reveal"]]
        # Ruling: a unit revealed in a phase is not hidden again in it (it would change
        # nothing at the table, and reveal-hide could go on for ever).
        unit["revealed"] = True
        turn_up(ctx, state, unit, "5.2", msg("shown by its owner", "所有者が公開"))
    elif "hide" in action:
        close_path(state)
        turn_down(ctx, state, units[action["hide"]], "5.2")
    else:
        return False
    return True


def apply(ctx: Context, state: State, player: str, action: Action) -> None:
    if act(ctx, state, player, action, MOVEMENT):
        return
    finish_moves(state)  # {"end": True}
    next_phase(ctx, state)


def describe(state: State, player: str, action: Action) -> Msg:
    return describe_move(state, action, msg("end the movement phase", "移動フェイズを終了"))


def describe_move(state: State, action: Action, end: Msg) -> Msg:
    """The words of a move, load, flip or end, in both languages."""
    if "move" in action:
        uid, to = action["move"], action["to"]
        start = state["units"][uid]["hex"]
        return msg(f"move {uid} {start} → {to}", f"{uid} を {start} → {to} へ移動")
    if "load" in action:
        uid, heli = action["load"], action["heli"]
        return msg(f"load {uid} on heli {heli}", f"ヘリ {heli} に {uid} を積載")
    if "reveal" in action:
        return msg(f"reveal {action['reveal']}", f"{action['reveal']} を表にする")
    if "hide" in action:
        return msg(f"hide {action['hide']}", f"{action['hide']} を裏にする")
    if "done" in action:
        return msg("done", "終了")
    return end


def mover_side(state: State) -> tuple[str, ...]:
    return (state["step"]["side"],)


step(MOVEMENT.kind, mover_side, legal, apply, describe)


# --------------------------------------------------------------------------- the phases


@phase("bieler_movement")
def bieler_movement(ctx: Context, state: State) -> None:
    """Rule 5.9: first the hiding of 5.9.1, then the moves."""
    if may_hide(state):
        wait(state, "bieler_hide", shown=[])
    else:
        begin_moves(state, BIELER)


@phase("merc_movement")
def merc_movement(ctx: Context, state: State) -> None:
    """Rule 5.10 / 5.11: Merc moves its units and helis."""
    begin_moves(state, MERC)


def may_hide(state: State) -> bool:
    """Whether the step of 5.9.1 is (still) offered, from public facts only (ruling R48): a
    face-up Bieler unit stands, outside Nuba Highland, with a face-up Bieler soldier or with
    face-down Bieler counters, one of which may be a soldier. Asking only where a face-down
    soldier really is would tell Merc that it is there; where none is, only "done" is legal."""
    c = comp(state)
    nuba = board(c).nuba
    up: set[str] = set()
    soldier_may_be: set[str] = set()
    for u in state["units"].values():
        where = u["hex"]
        if u["side"] != BIELER or where is None or where == nuba:
            continue
        if not u["up"]:
            soldier_may_be.add(where)
            continue
        up.add(where)
        if c.units[u["type"]].kind == "soldier":  # face-up: public
            soldier_may_be.add(where)
    return bool(up & soldier_may_be)


def hide_candidates(state: State) -> list[str]:
    """5.9.1 / 11.4: face-up Bieler units in a hex holding a Bieler soldier, not Nuba Highland."""
    c = comp(state)
    nuba = board(c).nuba
    bieler = [u for u in state["units"].values() if u["side"] == BIELER and u["hex"] is not None]
    soldier_hexes = {u["hex"] for u in bieler if c.units[u["type"]].kind == "soldier"}
    soldier_hexes.discard(nuba)
    return [
        u["id"]
        for u in bieler
        if u["up"] and u["hex"] in soldier_hexes and c.units[u["type"]].kind != "heli"
    ]


def hide_legal(state: State, player: str) -> list[Action]:
    return [*({"hide": uid} for uid in hide_candidates(state)), {"done": True}]


def hide_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    if "hide" in action:
        unit = state["units"][action["hide"]]
        here = unit["hex"]
        shown: list[str] = state["step"]["shown"]
        if here not in shown:
            show_soldier(ctx, state, here)
            shown.append(here)
        turn_down(ctx, state, unit, "5.9.1")
        if may_hide(state):
            return
    begin_moves(state, BIELER)


def show_soldier(ctx: Context, state: State, hex_label: str) -> None:
    """5.9.1: with no face-up soldier in the hex, a face-down one is shown first (ruling R13:
    Merc sees that counter and its type; it goes face-down again with the others). Which one
    is drawn at random (ruling R48): a fixed choice, say the lowest id, would tell Merc that
    the counters before it are not soldiers."""
    c = comp(state)
    soldiers = [
        u
        for u in state["units"].values()
        if u["side"] == BIELER and u["hex"] == hex_label and c.units[u["type"]].kind == "soldier"
    ]
    if any(u["up"] for u in soldiers):
        return
    unit = soldiers[ctx.pick(len(soldiers))]
    seen(state, unit)
    name = c.units[unit["type"]].name
    ctx.say(
        msg(
            f"bieler shows {unit['id']} in {hex_label}: {name['en']}, to hide units there",
            f"ビーラー側は {hex_label} の {unit['id']} を提示: {name['ja']}（隠匿のため）",
        ),
        rule="5.9.1",
        unit=unit["id"],
        hex=hex_label,
    )
    ctx.reveal()


def hide_describe(state: State, player: str, action: Action) -> Msg:
    if "hide" in action:
        uid = action["hide"]
        where = state["units"][uid]["hex"]
        return msg(f"hide {uid} in {where}", f"{where} の {uid} を裏にする")
    return msg("done hiding, start moving", "隠匿を終えて移動へ")


step("bieler_hide", lambda state: (BIELER,), hide_legal, hide_apply, hide_describe)
