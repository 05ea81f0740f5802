"""Actions as players say them (English and Japanese), the board as text, and a whole
three-player game in the terminal."""

from __future__ import annotations

import random
import re

from typer.testing import CliRunner

from wartable.cli import app
from wartable.games.zeta_cards import RULES

from .helpers import fight, new

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_every_decision_reads_in_english_and_japanese() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        game = new(seed=seed)
        rng = random.Random(seed)
        while not game.over:
            player = rng.choice(game.to_act)
            actions = game.legal_actions(player)
            kinds.add(game.state["step"]["kind"])
            for action in actions:
                text = RULES.describe(game.state, player, action)
                assert text["en"] and JAPANESE.search(text["ja"]), (action, text)
                assert text["en"] != text["ja"]
            game.apply(player, rng.choice(actions))
    assert kinds >= {"turn", "govern", "develop", "pay", "buy", "fight", "select", "alloc"}


def test_the_board_as_text_shows_bases_stock_hand_and_fight() -> None:
    game = new()
    fight(game, "aeug", "jaburo", ["nemo", "rick_dias"], ["hizack", "lila"])
    board = game.view("titans")["board"]
    text = RULES.render_text(board, "en")
    assert "Jaburo LV4/4: VP3 $4 A4 S3" in text
    assert "your hand:" in text and "stock: Governance 1×8" in text
    assert "fight: AEUG → Jaburo (Titans)" in text and "Hizack + Lila Milla Rira 4/3" in text
    ja = RULES.render_text(board, "ja")
    assert "ジャブロー LV4/4" in ja and "手札:" in ja and "戦闘:" in ja


def test_wartable_play_plays_a_whole_three_player_game_in_the_terminal() -> None:
    runner = CliRunner()
    seats = ["--seat", "titans=random", "--seat", "neo_zeon=random"]
    result = runner.invoke(app, ["play", "zeta-cards", *seats, "--seed", "5"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "your hand:" in result.output
    hot_seat = [f"--seat={p}=human" for p in ("aeug", "titans", "neo_zeon")]
    result = runner.invoke(
        app, ["play", "zeta-cards", *hot_seat, "--seed", "6", "--lang", "ja"], input="1\n" * 9000
    )
    assert result.exit_code == 0 and "Game over" in result.output
    assert "手札:" in result.output
