"""Mechanical Silhouette for the terminal: each machine's sheet as a 6 x 6 picture."""

from __future__ import annotations

from typing import Any

from wartable.games.silhouette.grid import SIZE, cell_key

OUT_WORDS = {
    "core": ("core destroyed", "コア破壊"),
    "base": ("off the base", "土台から分離"),
    "fallen": ("fallen", "転倒"),
    "surrender": ("surrendered", "降伏"),
}


def cell_text(board: dict[str, Any], cell: dict[str, Any] | None) -> str:
    """Two characters: the item's key letter (? unknown; the legend maps keys to names), then
    / for a cut; "x" destroyed, "." no cell. Letters keep the picture aligned in a terminal,
    where the printed symbols (☆, ◇) are of uneven width."""
    if cell is None:
        return ". "
    if cell["gone"] is not None:
        return "x "
    symbol = board["items"][cell["item"]]["key"] if "item" in cell else "?"
    return symbol + ("/" if cell["cut"] else " ")


def machine_text(board: dict[str, Any], m: dict[str, Any], lang: str) -> list[str]:
    i = 0 if lang == "en" else 1
    status = "" if m["out"] is None else "  ✕ " + OUT_WORDS[m["out"]][i]
    head = f"{m['id']} {m['name'][lang]}  " + (
        f"weight {m['weight']}  SP {m['sp']}  lean {m['lean']['theta']}°"
        if i == 0
        else f"重量{m['weight']}  SP{m['sp']}  傾き{m['lean']['theta']}°"
    )
    rows = [head + status]
    for row in range(SIZE, 0, -1):
        cells = [
            cell_text(board, m["cells"].get(cell_key((row, col)))) for col in range(1, SIZE + 1)
        ]
        rows.append(f"  {row}  " + " ".join(cells))
    rows.append("     " + "  ".join(str(col) for col in range(1, SIZE + 1)))
    return rows


def render(board: dict[str, Any], lang: str) -> str:
    i = 0 if lang == "en" else 1
    lines = [
        (
            f"round {board['round']}/{board['rounds']}"
            if i == 0
            else f"第{board['round']}/{board['rounds']}ラウンド"
        )
        + (f"  turn: {board['turn']}" if board["turn"] else "")
    ]
    attack = board["attack"]
    if attack and attack["at"]:
        lines.append(
            f"  attack {attack['by']} → {attack['target']}: dice {attack['roll']} → {attack['at']}"
        )
    for m in board["machines"].values():
        lines.extend(machine_text(board, m, lang))
    legend = ", ".join(f"{it['key']} {it['name'][lang]}" for it in board["items"].values())
    lines.append(("key: " if i == 0 else "記号: ") + legend)
    return "\n".join(lines)
