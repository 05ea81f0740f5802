"""Events and actions as text for people, in English or Japanese."""

from __future__ import annotations

from wartable.engine.log import Event

LANGS = ("en", "ja")


def event_text(event: Event, lang: str) -> str:
    """One log line, e.g. ``red rolls 2D: 3 + 5 = 8 (rule 9.9.3, hit roll)``."""
    kind = event["kind"]
    if kind == "roll":
        dice = " + ".join(str(d) for d in event["dice"])
        die = "D" if event["sides"] == 6 else f"D{event['sides']}"
        shown = f"{dice} = {event['total']}" if event["count"] > 1 else dice
        why = event["why"][lang]
        if lang == "ja":
            return (
                f"{event['by']} が {event['count']}{die} を振る: {shown}（{event['rule']}、{why}）"
            )
        return f"{event['by']} rolls {event['count']}{die}: {shown} (rule {event['rule']}, {why})"
    if kind == "shuffle":
        what = event["what"][lang]
        if lang == "ja":
            return f"{what}をシャッフル（{event['rule']}）"
        return f"{what} shuffled (rule {event['rule']})"
    line = str(event["msg"][lang]) if "msg" in event else kind
    if event.get("rule"):
        line += f"（{event['rule']}）" if lang == "ja" else f" (rule {event['rule']})"
    return line
