"""The Imperial Interference (rule 6.1; the events of B.2): at the start of each administrative
segment of a war the Imperial player rolls 2d6 on the table, and the event happens. Each event's
figures are galaxy.toml's; how each is read is ruling I113.

- 2 Imperial Succession: 1d6; on 1-2 civil war, every Imperial initiative roll this turn -1
  (``war["civil_war"]``; the initiative rolls apply it, 10.0, 12.4).
- 3 Frontier Crisis: 1d6 points of Imperial ships leave at once, a capital ship counting 2,
  chosen one at a time by the Imperial player (``{"remove": "I12"}``); they come back on the
  track 3 turns later, as reinforcements.
- 4 Emperor's Visit: an Offensive Order rolled with +1; this turn prestige gains count double and
  losses triple (`prestige.move`).
- 5 Prohibition: build permissions revoked; B1, B2 and BB under construction cancelled for half
  their cost, rounded down.
- 6 Recession, 8 Prosperity: the Imperial income and budget (ruling I107).
- 9 Offensive Order: 1d6 on the Offensive Order table; the forces come as temporary forces and
  are recorded (``war["offensives"]``) until a turn in which prestige does not rise
  (`prestige.begin` returns them).
- 10 Token Reinforcements: 1 DD and 1 CL.
- 11 Reinforcements: 1d6 points of ships of the Imperial player's choosing (``{"ship": code}``),
  a capital ship counting 2, at most one capital ship.
- 12 Peace Negotiations: this turn no attack and no move into a system with enemy units
  (``war["event"]``; movement and attacks apply it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.components import CLASS_OF, IMPERIAL
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.state import ship_type
from wartable.games.imperium.war.construction import in_use
from wartable.games.imperium.war.emperor import send
from wartable.games.imperium.war.flow import done, phase
from wartable.games.imperium.war.income import gain
from wartable.games.imperium.war.sequence import schedule
from wartable.games.imperium.war.state import battles, gal, withdraw

CAPITAL = "capital"
Event = Callable[[Context, State], None]


@phase("interference")
def begin(ctx: Context, state: State) -> None:
    rolled = ctx.roll(IMPERIAL, 2, "6.1", msg("Imperial Interference", "帝国干渉"))
    event = gal(state).events[gal(state).interference[sum(rolled)]]
    state["war"]["event"] = event.id
    ctx.say(msg(f"Imperial Interference: {event.name['en']}", f"帝国干渉: {event.name['ja']}"))
    EVENTS[event.id](ctx, state)


def figures(state: State, event: str) -> dict[str, Any]:
    return gal(state).events[event].figures


def _none(ctx: Context, state: State) -> None:
    done(ctx, state)


def _succession(ctx: Context, state: State) -> None:
    (die,) = ctx.roll(IMPERIAL, 1, "B.2", msg("Imperial Succession", "皇位継承"))
    state["war"]["civil_war"] = die in figures(state, "succession")["civil_war"]
    done(ctx, state)


def _frontier_crisis(ctx: Context, state: State) -> None:
    (die,) = ctx.roll(IMPERIAL, 1, "B.2", msg("Frontier Crisis", "辺境地における危機"))
    state["war"]["crisis"] = die
    _crisis_next(ctx, state)


def weight(state: State, uid: str, event: str) -> int:
    """A ship's count for the Frontier Crisis and the Reinforcements event: 2 for a capital."""
    heavy = ship_type(state, uid).cls == CAPITAL
    return int(figures(state, event)["capital_weight"]) if heavy else 1


def _crisis_legal(state: State, side: str) -> list[Action]:
    points = state["war"]["crisis"]
    return [
        {"remove": uid}
        for uid, u in state["units"].items()
        if u["side"] == IMPERIAL
        and u["type"] in battles(state).ships
        and not str(u["at"]).startswith("pool:")  # in play: in a fleet, a box, or aboard
        and weight(state, uid, "frontier_crisis") <= points
    ]


def _crisis_next(ctx: Context, state: State) -> None:
    if _crisis_legal(state, IMPERIAL):
        wait(state, "crisis")
    else:
        del state["war"]["crisis"]
        done(ctx, state)


def _remove(ctx: Context, state: State, side: str, action: Action) -> None:
    """A ship leaves for the frontier: what it carries is set down loose where it was (in its
    fleet, ruling I113); it comes back on the track 3 turns later."""
    war, uid = state["war"], action["remove"]
    war["crisis"] -= weight(state, uid, "frontier_crisis")
    type_id = state["units"][uid]["type"]
    withdraw(state, uid)
    schedule(
        state, IMPERIAL, type_id, war["turn"] + int(figures(state, "frontier_crisis")["turns"])
    )
    _crisis_next(ctx, state)


def _emperors_visit(ctx: Context, state: State) -> None:
    bonus = int(figures(state, "emperors_visit")["offensive_bonus"])
    _offensive(ctx, state, bonus)


def _offensive_order(ctx: Context, state: State) -> None:
    _offensive(ctx, state, 0)


def _offensive(ctx: Context, state: State, bonus: int) -> None:
    (die,) = ctx.roll(IMPERIAL, 1, "B.2", msg("Offensive Order table", "攻勢命令表"))
    ships = send(ctx, state, gal(state).offensive[die + bonus])
    state["war"]["offensives"].append(ships)
    done(ctx, state)


def _prohibition(ctx: Context, state: State) -> None:
    war, c = state["war"], battles(state)
    cancels = figures(state, "prohibition")["cancels"]
    war["permissions"] = []
    for turn, arrivals in list(war["track"].items()):
        for a in list(arrivals):
            t = c.ships.get(a["type"])
            if a["side"] == IMPERIAL and a.get("built") and t and t.code in cancels:
                arrivals.remove(a)
                gain(state, IMPERIAL, t.cost // 2)
        if not arrivals:
            del war["track"][turn]
    done(ctx, state)


def _recession(ctx: Context, state: State) -> None:
    state["war"]["recession"] = figures(state, "recession")["turns"]
    done(ctx, state)


def _prosperity(ctx: Context, state: State) -> None:
    state["war"]["budget"] += figures(state, "prosperity")["budget"]
    state["war"]["recession"] = 0
    done(ctx, state)


def _token_reinforcements(ctx: Context, state: State) -> None:
    send(ctx, state, figures(state, "token_reinforcements")["forces"])
    done(ctx, state)


def _reinforcements(ctx: Context, state: State) -> None:
    (die,) = ctx.roll(IMPERIAL, 1, "B.2", msg("Reinforcements", "増援"))
    state["war"]["gift"] = {"points": die, "capitals": 0}
    _gift_next(ctx, state)


def _gift_legal(state: State, side: str) -> list[Action]:
    gift, used = state["war"]["gift"], in_use(state)
    most = int(figures(state, "reinforcements")["capital_max"])
    heavy = int(figures(state, "reinforcements")["capital_weight"])
    found = []
    for ship in battles(state).ships.values():
        capital = CLASS_OF[ship.code] == CAPITAL
        if ship.side != IMPERIAL or used[ship.id] >= ship.count:
            continue
        if (heavy if capital else 1) <= gift["points"] and not (
            capital and gift["capitals"] >= most
        ):
            found.append({"ship": ship.code})
    return found


def _gift_next(ctx: Context, state: State) -> None:
    if _gift_legal(state, IMPERIAL):
        wait(state, "gift")
    else:
        del state["war"]["gift"]
        done(ctx, state)


def _choose(ctx: Context, state: State, side: str, action: Action) -> None:
    gift, code = state["war"]["gift"], action["ship"]
    capital = CLASS_OF[code] == CAPITAL
    heavy = int(figures(state, "reinforcements")["capital_weight"])
    gift["points"] -= heavy if capital else 1
    gift["capitals"] += int(capital)
    send(ctx, state, {code: 1})
    _gift_next(ctx, state)


def _peace_negotiations(ctx: Context, state: State) -> None:
    done(ctx, state)


EVENTS: dict[str, Event] = {
    "none": _none,
    "succession": _succession,
    "frontier_crisis": _frontier_crisis,
    "emperors_visit": _emperors_visit,
    "prohibition": _prohibition,
    "recession": _recession,
    "prosperity": _prosperity,
    "offensive_order": _offensive_order,
    "token_reinforcements": _token_reinforcements,
    "reinforcements": _reinforcements,
    "peace_negotiations": _peace_negotiations,
}


def _crisis_words(state: State, side: str, action: Action) -> Msg:
    uid = action["remove"]
    name = ship_type(state, uid).name
    return msg(f"{uid} ({name['en']}) leaves for the frontier", f"{uid}({name['ja']})が辺境へ")


def _gift_words(state: State, side: str, action: Action) -> Msg:
    return msg(f"the Emperor sends a {action['ship']}", f"皇帝は{action['ship']}を送る")


step("crisis", lambda state: (IMPERIAL,), _crisis_legal, _remove, _crisis_words)
step("gift", lambda state: (IMPERIAL,), _gift_legal, _choose, _gift_words)
