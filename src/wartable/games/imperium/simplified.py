"""Rule 17.4 (optional, by both players' agreement: the option ``simplified``): simplified combat
resolution. The 12.3 sequence stands, but each beam step resolves beams and torpedoes together
and the torpedo step after it is skipped (ruling I41).

A side declares, for each area holding its ships, one enemy area to fire at
(``{"volley": area, "at": area}``; ``{"done": True}`` holds the rest): every ship there adds
the factors of the weapons whose range (12.6, 12.7) reaches that area, and one die is rolled per
factor, hitting on 4-6 in the same area, 5-6 at 1-2 areas, 6 at 3 areas. No countermeasures.
The firing side then gives each hit to a ship in the target area (``{"hit": ship}``); a capital
ship takes at most half a volley's hits, rounded up, and hits no ship may take are lost. As in
12.6 the side without the initiative declares, rolls and gives its hits first; the damage of
both is applied together at the end of the step (12.8). ``battle["fire"]`` holds the step as
`fire` does, with ``shots`` the declared volleys ``[area, target area]`` and ``volleys`` the
hits still to give: ``[{"at", "left", "cap", "on": {ship: hits}}]``.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.fire import WEAPONS, ask, next_side
from wartable.games.imperium.flow import go_on, other, step, wait
from wartable.games.imperium.state import comp, on_board, ship_type

RULE = "17.4"
HIT_ON = {0: 4, 1: 5, 2: 5, 3: 6}  # rule 17.4: the least die that hits, by distance


def chosen(state: State) -> bool:
    """Whether the players agreed to rule 17.4."""
    return bool(state["options"].get("simplified", False))


def begin(ctx: Context, state: State) -> bool:
    """Start a combined fire step; returns whether a player must now decide."""
    battle = state["battle"]
    first = other(battle["initiative"])
    battle["fire"] = {"weapon": "simplified", "side": first, "shots": [], "hits": {}, "volleys": []}
    return ask(ctx, state, "volley", _offers, RULE)


def _areas(state: State, side: str) -> list[str]:
    areas = state["battle"]["areas"]
    return sorted({areas[uid] for uid in on_board(state, side)})


def dice(state: State, side: str, area: str, target: str) -> int:
    """The factors of `side`'s ships in `area` whose weapons reach `target` (17.4: the ranges
    of 12.6 and 12.7 are unchanged, ruling I41)."""
    battle = state["battle"]
    distance = comp(state).board.distance(area, target)
    total = 0
    for uid in on_board(state, side):
        if battle["areas"][uid] != area:
            continue
        kind = ship_type(state, uid)
        face = kind.face(state["units"][uid]["damaged"])
        total += sum(
            w.factor(face) for w in WEAPONS.values() if w.to_hit(kind, distance) is not None
        )
    return total


def _offers(state: State, side: str) -> list[Action]:
    fired = {area for area, _ in state["battle"]["fire"]["shots"]}
    return [
        {"volley": area, "at": target}
        for area in _areas(state, side)
        if area not in fired
        for target in _areas(state, other(side))
        if dice(state, side, area, target)
    ]


def _declare(ctx: Context, state: State, player: str, action: Action) -> None:
    fire = state["battle"]["fire"]
    if "volley" in action:
        fire["shots"].append([action["volley"], action["at"]])
        if _offers(state, player):
            return
    board = comp(state).board
    for area, target in fire["shots"]:
        need = HIT_ON[board.distance(area, target)]
        why = msg(
            f"area {area} fires at area {target} (hits on {need}+)",
            f"エリア{area}がエリア{target}を射撃({need}以上で命中)",
        )
        rolled = ctx.roll(player, dice(state, player, area, target), RULE, why)
        hits = sum(1 for d in rolled if d >= need)
        if hits:
            fire["volleys"].append({"at": target, "left": hits, "cap": (hits + 1) // 2, "on": {}})
    _give(ctx, state)


def _takers(state: State) -> list[str]:
    """The ships that may take the next hit of the first volley: any ship of the target area,
    a capital ship below half the volley's hits (17.4, ruling I41)."""
    battle = state["battle"]
    volley = battle["fire"]["volleys"][0]
    return [
        uid
        for uid in on_board(state, other(battle["fire"]["side"]))
        if battle["areas"][uid] == volley["at"]
        and (ship_type(state, uid).cls != "capital" or volley["on"].get(uid, 0) < volley["cap"])
    ]


def _give(ctx: Context, state: State) -> None:
    """Wait for the firing side to give its hits, volley by volley; then the other side fires,
    or the step is over."""
    fire = state["battle"]["fire"]
    volleys = fire["volleys"]
    while volleys:
        if volleys[0]["left"] and _takers(state):
            wait(state, "allot", side=fire["side"], weapon=fire["weapon"])
            return
        volleys.pop(0)  # every hit given, or none may be: the rest are lost
    next_side(state)
    if not ask(ctx, state, "volley", _offers, RULE):
        go_on(ctx, state)


def _allot(ctx: Context, state: State, player: str, action: Action) -> None:
    fire = state["battle"]["fire"]
    volley = fire["volleys"][0]
    uid = action["hit"]
    volley["on"][uid] = volley["on"].get(uid, 0) + 1
    volley["left"] -= 1
    fire["hits"][uid] = fire["hits"].get(uid, 0) + 1
    _give(ctx, state)


def _words(state: State, player: str, action: Action) -> Msg:
    if "done" in action:
        return msg("the other areas hold their fire", "他のエリアは射撃しない")
    if "hit" in action:
        uid = action["hit"]
        code = ship_type(state, uid).code
        return msg(f"a hit on {code} {uid}", f"{code} {uid}に命中")
    area, target = action["volley"], action["at"]
    return msg(f"area {area} fires at area {target}", f"エリア{area}がエリア{target}を射撃")


step(
    "volley",
    lambda state: (state["step"]["side"],),
    lambda state, player: [*_offers(state, player), {"done": True}],
    _declare,
    _words,
)
step(
    "allot",
    lambda state: (state["step"]["side"],),
    lambda state, player: [{"hit": uid} for uid in _takers(state)],
    _allot,
    _words,
)
