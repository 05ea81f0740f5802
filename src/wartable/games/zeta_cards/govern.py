"""Rule 3: governance. Cards with a governance value (governance cards, ships, characters)
are laid face up; cards worth the target's level + 1 raise an own or neutral base one level."""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta_cards import attempts
from wartable.games.zeta_cards.flow import action, active, step, wait
from wartable.games.zeta_cards.state import comp, who
from wartable.games.zeta_cards.turn import action_done

KIND = "govern"


def targets(state: State, player: str) -> list[str]:
    """3.1: own or neutral bases below the tile's top level (ruling Z5) that the cards at hand
    can pay for (3.3: the level + 1)."""
    bases = comp(state).bases
    money = attempts.available(state, KIND, player)
    return [
        bid
        for bid, b in state["bases"].items()
        if b["owner"] in (player, None)
        and b["level"] < bases[bid].max_level
        and money >= b["level"] + 1
    ]


def offered(state: State, player: str) -> bool:
    return bool(attempts.usable(state, KIND, player))


def start(ctx: Context, state: State) -> None:
    wait(state, KIND)


def legal(state: State, player: str) -> list[Action]:
    acts = attempts.lay_options(state, KIND, player)
    acts += [{"govern": bid} for bid in targets(state, player)]
    acts.append({"done": True})
    return acts


def apply(ctx: Context, state: State, player: str, act: Action) -> None:
    if "lay" in act:
        attempts.lay(ctx, state, player, act["lay"], "3.2")
    elif "govern" in act:
        bid = act["govern"]
        level = state["bases"][bid]["level"]
        attempts.begin(state, KIND, bid, level + 1)
    else:
        state["step"] = None
        action_done(ctx, state)


def describe(state: State, player: str, act: Action) -> Msg:
    c = comp(state)
    if "lay" in act:
        name = c.cards[act["lay"]].name
        return msg(f"lay {name['en']} face up", f"{name['ja']}を表にして出す")
    if "govern" in act:
        bid = act["govern"]
        base = state["bases"][bid]
        name = c.bases[bid].name
        owner = "neutral" if base["owner"] is None else who(base["owner"])["en"]
        level = base["level"]
        return msg(
            f"govern {name['en']} ({owner} LV{level} → LV{level + 1}; needs {level + 1})",
            f"{name['ja']}を統治（LV{level}→LV{level + 1}、統治値{level + 1}以上）",
        )
    return msg("end the governance action", "統治アクションを終える")


action(KIND, offered, start)
step(KIND, active, legal, apply, describe)
