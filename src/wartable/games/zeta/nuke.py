"""Rule 36.3 and 36.8: the Titans' secret nuclear-bomb base, chosen before the game starts, and
the card shown when the AEUG or Neo Zeon comes to govern that base.

``state["nuke"]``: ``base`` the mined base (None until chosen), hidden from the AEUG and Neo Zeon
while ``revealed`` is false; ``cleared`` the candidate bases everyone knows to hold no bomb: those
the AEUG or Neo Zeon came to govern without the card being shown (ruling S25). The demolition
itself (36.4-36.7) is in `demolition`.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.components import NUKE_SITES
from wartable.games.zeta.flow import begin_turn, step, wait
from wartable.games.zeta.state import comp

TITANS = "titans"
FOES = ("aeug", "neo_zeon")  # 36.8: the factions whose governance shows the card


def start(state: State) -> None:
    """36.3: before the game starts, the Titans choose the base."""
    wait(state, "nuke")


def legal(state: State, faction: str) -> list[Action]:
    return [{"mine": bid} for bid in NUKE_SITES if bid in state["bases"]]


def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    state["nuke"]["base"] = action["mine"]
    name = comp(state).bases[action["mine"]].name
    ctx.say(
        msg(
            "The Titans set their nuclear bomb at a base they keep secret",
            "ティターンズは核爆弾設置拠点を秘密裏に決定",
        ),
        rule="36.3",
    )
    ctx.say(
        msg(f"The nuclear bomb is set at {name['en']}", f"核爆弾設置拠点: {name['ja']}"),
        to=[TITANS],
        rule="36.3",
    )
    begin_turn(ctx, state)


def governed(ctx: Context, state: State, bid: str, owner: str) -> None:
    """36.8: the mined base under the AEUG or Neo Zeon shows the card, which leaves the game;
    another candidate they come to govern is known to hold no bomb (ruling S25)."""
    nuke = state["nuke"]
    if owner not in FOES or bid not in NUKE_SITES or nuke["revealed"] or nuke["base"] is None:
        return
    if bid != nuke["base"]:
        if bid not in nuke["cleared"]:
            nuke["cleared"] = sorted([*nuke["cleared"], bid])
        return
    nuke["revealed"] = True
    ctx.reveal()
    name = comp(state).bases[bid].name
    ctx.say(
        msg(
            f"The nuclear bomb was at {name['en']}: the card leaves the game",
            f"核爆弾設置拠点は{name['ja']}だった: カードを公開して除外",
        ),
        rule="36.8",
        base=bid,
    )


def describe(state: State, faction: str, action: Action) -> Msg:
    name = comp(state).bases[action["mine"]].name
    return msg(f"set the nuclear bomb at {name['en']}", f"{name['ja']}に核爆弾を設置")


step("nuke", lambda state: (TITANS,), legal, apply, describe)
