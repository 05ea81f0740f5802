"""Rule 4: development. Development cards worth TL + 1 raise the TL by one, up to TL 8."""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta_cards import attempts
from wartable.games.zeta_cards.flow import action, active, step, wait
from wartable.games.zeta_cards.state import comp
from wartable.games.zeta_cards.turn import action_done

KIND = "develop"


def can_develop(state: State, player: str) -> bool:
    """4.3: the cards at hand reach TL + 1, and TL is below 8 (2.4)."""
    tl: int = state["tl"][player]
    return tl < comp(state).max_tl and attempts.available(state, KIND, player) >= tl + 1


def offered(state: State, player: str) -> bool:
    return state["tl"][player] < comp(state).max_tl and bool(attempts.usable(state, KIND, player))


def start(ctx: Context, state: State) -> None:
    wait(state, KIND)


def legal(state: State, player: str) -> list[Action]:
    acts = attempts.lay_options(state, KIND, player)
    if can_develop(state, player):
        acts.append({"develop": True})
    acts.append({"done": True})
    return acts


def apply(ctx: Context, state: State, player: str, act: Action) -> None:
    if "lay" in act:
        attempts.lay(ctx, state, player, act["lay"], "4.2")
    elif "develop" in act:
        attempts.begin(state, KIND, None, state["tl"][player] + 1)
    else:
        state["step"] = None
        action_done(ctx, state)


def describe(state: State, player: str, act: Action) -> Msg:
    if "lay" in act:
        name = comp(state).cards[act["lay"]].name
        return msg(f"lay {name['en']} face up", f"{name['ja']}を表にして出す")
    if "develop" in act:
        tl = state["tl"][player]
        return msg(
            f"develop: TL {tl} → {tl + 1} (needs {tl + 1})",
            f"開発: TL{tl}→{tl + 1}（開発値{tl + 1}以上）",
        )
    return msg("end the development action", "開発アクションを終える")


action(KIND, offered, start)
step(KIND, active, legal, apply, describe)
