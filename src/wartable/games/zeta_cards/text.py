"""The card game for people: actions as players say them, and the board as text."""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Msg, State, msg
from wartable.games.zeta_cards.flow import STEPS
from wartable.games.zeta_cards.state import comp
from wartable.games.zeta_cards.view import values_at

FACTION = {
    "aeug": ("AEUG", "エゥーゴ"),
    "titans": ("Titans", "ティターンズ"),
    "neo_zeon": ("Neo Zeon", "ネオ・ジオン"),
}
KIND = {
    "ms": ("MS", "MS"),
    "ship": ("ship", "艦船"),
    "char": ("character", "キャラ"),
    "gov": ("governance", "統治"),
    "dev": ("development", "開発"),
}
ACTION_WORDS = {
    "govern": ("govern", "統治"),
    "develop": ("develop", "開発"),
    "buy": ("buy", "購入"),
    "fight": ("fight", "戦闘"),
}
STEP_TEXT = {
    "turn": (
        "choose an action (2 a turn) or end the turn",
        "アクションを選ぶ（1手番に2つ）か手番終了",
    ),
    "govern": (
        "governance: lay cards, choose a base, or stop",
        "統治: カードを出す・拠点を選ぶ・終える",
    ),
    "develop": ("development: lay cards, develop, or stop", "開発: カードを出す・開発する・終える"),
    "pay": ("spend face-up cards on this attempt", "表のカードを使用する"),
    "buy": ("buy cards within your income", "収入の範囲で購入"),
    "fight": ("choose a base to attack, or stop fighting", "攻撃する拠点を選ぶか戦闘を終える"),
    "select": ("choose fight cards face down", "戦闘カードを裏で選出"),
    "board": ("put characters aboard", "キャラを搭乗させる"),
    "strike": ("choose first strikers", "先制攻撃する機体を選ぶ"),
    "alloc": ("allocate your attack", "攻撃力を振り分ける"),
    "keep": ("keep two unused face-up domestic cards", "未使用の表の内政カード2枚を残す"),
}


# The keys of the actions each kind of decision takes: an action is described by its step
# only while the game still waits at a step of that kind (a replay describes an action after
# it was applied, when the step may have moved on).
VOCABULARY = {
    "turn": {"take", "end"},
    "govern": {"lay", "govern", "done"},
    "develop": {"lay", "develop", "done"},
    "pay": {"pay", "cancel"},
    "buy": {"buy", "done"},
    "fight": {"attack", "done"},
    "select": {"commit", "ready"},
    "board": {"board"},
    "strike": {"strike", "done"},
    "alloc": {"hit"},
    "keep": {"keep"},
}


def describe(state: State, player: str, action: Action) -> Msg:
    step = state.get("step")
    key = next(iter(action), "")
    if step is not None and key in VOCABULARY.get(step["kind"], ()):
        kind = STEPS.kinds[step["kind"]]
        assert kind.describe is not None  # every zeta-cards decision says its actions
        return kind.describe(state, player, action)
    return plain(state, action)


def plain(state: State, action: Action) -> Msg:
    """An action in words that need nothing but the printed components."""
    c = comp(state)
    key = next(iter(action), "")
    value = action.get(key)
    if key == "take" and value in ACTION_WORDS:
        en, ja = ACTION_WORDS[value]
        return msg(en, ja)
    if key in ("lay", "pay", "buy", "commit", "keep", "board") and value in c.cards:
        name = c.cards[value].name
        en, ja = PLAIN[key]
        return msg(f"{en} {name['en']}", f"{name['ja']}{ja}")
    if key in ("govern", "attack") and value in c.bases:
        name = c.bases[value].name
        en, ja = PLAIN[key]
        return msg(f"{en} {name['en']}", f"{name['ja']}{ja}")
    if key in PLAIN:
        en, ja = PLAIN[key]
        return msg(f"{en} {value}" if key in ("strike", "hit") else en, ja)
    text = ", ".join(f"{k} {v}" for k, v in action.items())
    return msg(text, text)


PLAIN = {
    "lay": ("lay face up:", "を表にして出す"),
    "pay": ("spend", "を使用"),
    "buy": ("buy", "を購入"),
    "commit": ("put face down:", "を裏にして出す"),
    "keep": ("keep face up:", "を表のまま残す"),
    "board": ("put aboard:", "を搭乗させる"),
    "govern": ("govern", "を統治"),
    "attack": ("attack", "を攻撃"),
    "develop": ("develop", "開発"),
    "end": ("end the turn", "手番を終了"),
    "done": ("done", "終了"),
    "ready": ("done choosing fight cards", "選出終了"),
    "cancel": ("give up the attempt", "試みを取りやめる"),
    "strike": ("strike first with card", "先制攻撃"),
    "hit": ("destroy card", "撃破"),
}


def _lang(lang: str) -> int:
    return 1 if lang == "ja" else 0


def card_text(board: dict[str, Any], cid: str, tl: int, lang: str) -> str:
    card = board["catalog"]["cards"][cid]
    name = card["name"][lang]
    a, d, s, g, cmd = values_at(card, tl)
    kind = card["kind"]
    if kind == "ms":
        return f"{name} {a}/{d} S{s}"
    if kind == "ship":
        return f"{name} {a}/{d} S{s} G{g} ×{card.get('sortie', 0)}"
    if kind == "char":
        role = "P" if card.get("role") == "pilot" else "C"
        return f"{name} [{role}] {a}/{d} C{cmd} G{g}" + (f" S{s}" if s else "")
    if kind == "gov":
        return f"{name} G{g}"
    return f"{name} D{card.get('development', 0)}"


def pile_text(board: dict[str, Any], cards: list[str], tl: int, lang: str) -> str:
    counts: dict[str, int] = {}
    for cid in cards:
        counts[cid] = counts.get(cid, 0) + 1
    return (
        ", ".join(
            (f"{n}× " if n > 1 else "") + card_text(board, cid, tl, lang)
            for cid, n in counts.items()
        )
        or "-"
    )


def render(board: dict[str, Any], lang: str) -> str:
    """Bases and factions, the stock, one's own hand, and the fight in progress."""
    i = _lang(lang)
    cat = board["catalog"]
    you = board["you"]
    lines = []
    active = board["active"]
    taken = ", ".join(ACTION_WORDS[a][i] for a in board["taken"]) or "-"
    if i:
        lines.append(f"手番 {board['turn']}: {FACTION[active][1]}  実行済: {taken}")
    else:
        lines.append(f"turn {board['turn']}: {FACTION[active][0]}  actions taken: {taken}")
    step = board["step"]
    if step:
        lines.append("  ▶ " + STEP_TEXT[step["kind"]][i])
    for p in board["order"]:
        f = board["factions"][p]
        flag = " ★" if f["declared"] else ""
        label = (
            "TL{tl} VP{vp} 収入{inc} 手札{h} 山札{d} 捨て札{x}"
            if i
            else "TL{tl} VP {vp} income {inc} hand {h} deck {d} discard {x}"
        ).format(
            tl=f["tl"], vp=f["vp"], inc=f["income"], h=f["hand"], d=f["deck"], x=len(f["discard"])
        )
        lines.append(f"{FACTION[p][i]}{flag}: {label}")
        for bid, b in board["bases"].items():
            if b["owner"] == p:
                lines.append("    " + base_text(board, bid, lang))
        for what, key in (
            (("face up", "表"), "face_up"),
            (("bought", "購入"), "bought"),
            (("held", "待機"), "held"),
        ):
            if f[key]:
                lines.append(f"    {what[i]}: {pile_text(board, f[key], f['tl'], lang)}")
    neutral = [bid for bid, b in board["bases"].items() if b["owner"] is None]
    lines.append(
        ("中立拠点: " if i else "neutral bases: ")
        + ", ".join(cat["bases"][b]["name"][lang] for b in neutral)
    )
    stock = []
    for cid, n in board["stock"].items():
        card = cat["cards"][cid]
        if n and (card["faction"] in ("shared", you) or you is None):
            stock.append(f"{card['name'][lang]}×{n}(${card['cost']} TL{card['tl']})")
    lines.append(("ストック: " if i else "stock: ") + ", ".join(stock))
    if board["income_left"] is not None:
        lines.append(("残り収入: " if i else "income left: ") + str(board["income_left"]))
    if board["attempt"]:
        at = board["attempt"]
        lines.append(
            f"試み: {at['total']}/{at['need']}" if i else f"attempt: {at['total']}/{at['need']}"
        )
    if you is not None:
        tl = board["factions"][you]["tl"]
        lines.append(("手札: " if i else "your hand: ") + pile_text(board, board["hand"], tl, lang))
    fight = board["fight"]
    if fight:
        lines.extend(fight_text(board, fight, lang))
    lines.append(KEY[i])
    return "\n".join(line for line in lines if line)


KEY = (
    "key: a/d attack/defence, S suppression, G governance, C command, D development, "
    "$ income or cost, ×n sortie, [P] pilot, [C] captain, ⚡ struck first, ✗ destroyed",
    "凡例: 攻撃/防御, S 制圧値, G 統治値, C 指揮, D 開発値, $ 収入・コスト, ×n 出撃数, "
    "[P] パイロット, [C] 艦長, ⚡ 先制攻撃済, ✗ 撃破",
)


def base_text(board: dict[str, Any], bid: str, lang: str) -> str:
    tile = board["catalog"]["bases"][bid]
    level = board["bases"][bid]["level"]
    political = (" 政治" if lang == "ja" else " political") if tile["political"] else ""
    return (
        f"{tile['name'][lang]} LV{level}/{len(tile['vp']) - 1}{political}: "
        f"VP{tile['vp'][level]} ${tile['income'][level]} A{tile['attack'][level]} "
        f"S{tile['suppression'][level]}"
    )


def fight_text(board: dict[str, Any], fight: dict[str, Any], lang: str) -> list[str]:
    i = _lang(lang)
    cat = board["catalog"]
    base = cat["bases"][fight["base"]]["name"][lang]
    lines = [
        ("戦闘: " if i else "fight: ")
        + f"{FACTION[fight['attacker']][i]} → {base} ({FACTION[fight['defender']][i]})"
    ]
    for side in ("attacker", "defender"):
        owner = fight[side]
        picked = fight["picked"][side]
        if isinstance(picked, int):
            lines.append(
                f"  {FACTION[owner][i]}: " + ("裏向き" if i else "face down ") + str(picked)
            )
        elif not fight["revealed"]:
            tl = board["factions"][owner]["tl"]
            lines.append(f"  {FACTION[owner][i]}: {pile_text(board, picked, tl, lang)}")
    for n, unit in enumerate(fight["units"]):
        owner = fight[unit["side"]]
        tl = board["factions"][owner]["tl"]
        a, d, s, _, _ = values_at(cat["cards"][unit["card"]], tl)
        name = cat["cards"][unit["card"]]["name"][lang]
        if unit["pilot"]:
            pa, pd, ps, _, _ = values_at(cat["cards"][unit["pilot"]], tl)
            a, d, s = a + pa, d + pd, s + ps
            name += f" + {cat['cards'][unit['pilot']]['name'][lang]}"
        marks = ("✗" if unit["gone"] else "") + ("⚡" if unit["struck"] else "")
        lines.append(f"  [{n}] {FACTION[owner][i]}: {name} {a}/{d} S{s} {marks}")
    for side in ("attacker", "defender"):
        waiting = fight["waiting"][side]
        if waiting:
            names = ", ".join(cat["cards"][c]["name"][lang] for c in waiting)
            lines.append(("  搭乗待ち: " if i else "  to board: ") + names)
    if fight["command"]:
        cmd = fight["command"]
        lines.append(
            ("  指揮: " if i else "  command: ") + f"{cmd['attacker']} / {cmd['defender']}"
        )
    if fight["total"]:
        tot = fight["total"]
        lines.append(
            ("  攻撃力: " if i else "  attack: ") + f"{tot['attacker']} / {tot['defender']}"
        )
    return lines
