"""The report's words in English and Japanese."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "wartable workbench report", "ja": "wartable ワークベンチ報告"},
    "sources": {"en": "Results", "ja": "結果"},
    "games": {"en": "games", "ja": "ゲーム数"},
    "configuration": {"en": "configuration", "ja": "設定"},
    "sides": {"en": "won by (95% interval)", "ja": "勝者（95%区間）"},
    "first": {"en": "first player", "ja": "先手"},
    "length": {"en": "length", "ja": "長さ"},
    "draw": {"en": "draw", "ja": "引き分け"},
    "win_rate": {"en": "win rate", "ja": "勝率"},
    "winrates_title": {"en": "Win rate by side", "ja": "陣営別の勝率"},
    "winrates_note": {
        "en": "Share of the games each side won (a side: the seats that won together) and of "
        "draws; bars are the observed rates, whiskers their 95% Wilson intervals.",
        "ja": "各陣営（共に勝った席の組）が勝ったゲームと引き分けの割合。棒は観測値、"
        "ひげは95%ウィルソン信頼区間。",
    },
    "first_title": {"en": "First-player advantage", "ja": "先手の有利"},
    "first_note": {
        "en": "Win rate of the seat that made the game's first decision, beside that of each "
        "other seat (95% Wilson intervals; the other seats of one game are not independent, "
        "so their interval is only a guide).",
        "ja": "最初の決定をした席の勝率と、それ以外の各席の勝率（95%ウィルソン区間。"
        "同じゲームの他の席は独立でないため、その区間は目安）。",
    },
    "first_player": {"en": "first player", "ja": "先手"},
    "other_seat": {"en": "each other seat", "ja": "他の各席"},
    "length_title": {"en": "Game length", "ja": "ゲームの長さ"},
    "length_note": {
        "en": "Turns played (Silhouette: rounds) and decisions taken per game: boxes span the "
        "middle half, whiskers 1.5 times that, the line is the median.",
        "ja": "1ゲームのターン数（シルエット: ラウンド数）と決定数。箱は中央50%、"
        "ひげはその1.5倍、線は中央値。",
    },
    "turns": {"en": "turns", "ja": "ターン"},
    "decisions": {"en": "decisions", "ja": "決定数"},
    "scores_title": {"en": "Score over turns", "ja": "ターンごとの得点"},
    "scores_note": {
        "en": "Each seat's mean score at the end of each turn, read from the public board as "
        "the game went on (VOTOMS: VP; card game: VP of bases held; Silhouette: machines of "
        "the seat's side in action), over every game: a game that has ended keeps its last "
        "scores.",
        "ja": "各ターン終了時の各席の平均得点。対局中に公開盤面から読んだ値（ボトムズ: VP、"
        "カードゲーム: 支配拠点のVP、シルエット: 席の陣営で戦闘可能な機体数）で、"
        "全ゲームの平均（終わったゲームは最後の得点のまま）。",
    },
    "no_scores": {
        "en": "No per-turn scores: the results hold no timeline for this game.",
        "ja": "ターンごとの得点なし: この結果にはゲームの経過が記録されていない。",
    },
    "score": {"en": "mean score", "ja": "平均得点"},
    "sweep_title": {"en": "Sweep", "ja": "スイープ"},
    "sweep_note": {
        "en": "Each seat's win rate at each point of the sweep, with 95% Wilson intervals; "
        "game i of every point is played from the same seed.",
        "ja": "スイープの各点での各席の勝率と95%ウィルソン区間。各点の第iゲームは同じシードで"
        "行う。",
    },
}


def word(key: str, lang: str) -> str:
    return WORDS[key][lang]
