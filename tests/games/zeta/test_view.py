"""What each faction sees (digest D.1, rules 10.4, 10.5, 36.3): the other factions' cards and
the deck's order never, in any view, record or terminal text; the faction sheets (5.4, 8.1,
37.1); the printed components shared by every view; the board as text; and a whole three-player
game played with `wartable play zeta`."""

from __future__ import annotations

import json
import random
import re

from typer.testing import CliRunner

import wartable
from games.zeta.helpers import C, finish_armament, game
from wartable.agents.play import decide
from wartable.agents.scripted.zeta import Scripted
from wartable.cli import app
from wartable.engine import Game
from wartable.games.zeta.view import render_text

FACTIONS = ("aeug", "titans", "neo_zeon")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def secrets_shown(g: Game, player: str | None) -> list[str]:
    """What `player`'s view holds of the other factions' cards, the deck or the nuclear base."""
    board = g.view(player)["board"]
    found = []
    rest = {k: v for k, v in board.items() if k not in ("drawn", "catalog", "action")}
    act = {k: v for k, v in (board["action"] or {}).items() if k != "card"}  # drawn (11.2)
    text = json.dumps([rest, act])
    for f in FACTIONS:
        if f != player and f"{f}." in text:
            found.append(f"a card of {f}")
    if isinstance(board["deck"], list):
        found.append("the deck")
    nuke = g.state["nuke"]
    if player != "titans" and not nuke["revealed"] and board["nuke"]["base"] is not None:
        found.append("the nuclear base")
    return found


def test_d1_no_view_shows_another_faction_s_cards_the_deck_or_the_nuclear_base() -> None:
    """10.4, 10.5, 36.3: over whole games of scripted play, at every decision, each faction's
    view and the spectator's hold only their own cards, counts of the others', the deck's size,
    and no nuclear base but the Titans' own."""
    for seed in (1, 2):
        g = wartable.new_game("zeta", seed=seed)
        agents = {f: Scripted(seed) for f in FACTIONS}
        looked = 0
        while not g.over:
            for player in (*FACTIONS, None):
                assert secrets_shown(g, player) == [], (player, g.state["step"])
                looked += 1
            seat = g.to_act[0]
            g.apply(seat, decide(agents[seat], g, seat))
        assert looked > 1000


def test_10_5_a_faction_sees_its_own_cards_and_counts_of_the_others() -> None:
    g = game()
    finish_armament(g)
    g.apply("aeug", {"keep": ["space", "space", "ground"]})
    board = g.view("aeug")["board"]
    assert board["hand"] == ["aeug.ground", "aeug.atmosphere"]
    assert board["kept"] == ["aeug.space", "aeug.space", "aeug.ground"]
    assert board["cards"]["titans"] == {"hand": 5, "in_deck": 0}
    titans = g.view("titans")["board"]
    assert titans["cards"]["aeug"] == {"hand": 2, "in_deck": 3}
    assert "aeug.space" not in json.dumps(titans)
    assert "hand" not in g.view(None)["board"]  # a spectator holds no cards


def test_5_4_8_1_37_1_each_faction_s_sheet_is_public() -> None:
    """The sheet: VP of the bases at their levels (37.1), 10 AP plus the bases' (5.4), and the
    stock, the counter mix less the counters in play (8.1)."""
    g = game()
    c = C
    for f in FACTIONS:
        sheet = g.view(None)["board"]["factions"][f]
        owned = [(bid, b["level"]) for bid, b in g.state["bases"].items() if b["owner"] == f]
        assert sheet["vp"] == sum(c.bases[bid].level(lv).vp for bid, lv in owned)
        assert sheet["income"] == 10 + sum(c.bases[bid].level(lv).ap for bid, lv in owned)
        in_play = [u["type"] for u in g.state["units"].values() if u["faction"] == f]
        for type_id, n in c.mix[f].items():
            assert sheet["stock"].get(type_id, 0) == n - in_play.count(type_id)
    aeug = g.view("titans")["board"]["factions"]["aeug"]
    assert (aeug["vp"], aeug["income"]) == (14, 26)  # rule 38's AEUG bases


def test_the_printed_components_are_one_catalog_shared_by_every_view() -> None:
    g = game()
    views = [g.view(p)["board"] for p in (*FACTIONS, None)]
    assert all(v["catalog"] is views[0]["catalog"] for v in views)
    cat = views[0]["catalog"]
    assert cat["maps"]["ground"]["wrap"] is True and cat["maps"]["space"]["wrap"] is False  # 13.12
    assert cat["maps"]["space"]["earth"] == "H5"
    assert cat["maps"]["ground"]["hexes"]["A1"] in ("ocean", "coast", "land")
    assert cat["units"]["argama"]["capacity"] == 4
    assert cat["bases"]["granada"]["levels"][2]["vp"] == 3


def test_the_board_as_text_in_english_and_japanese() -> None:
    g = game()
    board = g.view("aeug")["board"]
    text = render_text(board, "en")
    assert "AEUG: VP 14, AP 26" in text
    assert "Granada M5 AEUG LV3" in text
    assert "space:C5: AEUG: Argama A5 [Gundam Mk-II A1" in text
    assert "your hand: Space, Space, Ground, Ground, Atmosphere" in text
    ja = render_text(board, "ja")
    assert JAPANESE.search(ja) and "手札" in ja and "拠点" in ja
    assert g.rules.render_text(board, "en") == text  # what the terminal shows


def test_wartable_odds_zeta_answers_for_a_combat_step() -> None:
    """Rule 21.5 through the command: one GM II (air 3·1) hits twice on a 1 (1/6)."""
    result = CliRunner().invoke(app, ["odds", "zeta", "step=air", "units=gm2", "--json"])
    assert result.exit_code == 0, result.output
    assert '"2": "1/6"' in result.output


def test_wartable_play_zeta_plays_a_whole_three_player_game_in_the_terminal() -> None:
    runner = CliRunner()
    seats = ["--seat", "aeug=computer", "--seat", "titans=computer", "--seat", "neo_zeon=random"]
    result = runner.invoke(app, ["play", "zeta", *seats, "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "rule 37.3" in result.output or "rule 37.2" in result.output
    result = runner.invoke(app, ["games"])
    assert re.search(r"│ zeta +│", result.output)


def test_a_record_or_log_given_to_a_faction_holds_no_other_faction_s_choice() -> None:
    """The card choices (10.2) are secret: a faction's redacted record and log tell only its
    own choice, and the others' only as "has chosen"."""
    g = game()
    rng = random.Random(1)
    finish_armament(g)
    for f in FACTIONS:
        g.apply(f, rng.choice(g.legal_actions(f)))
    for f in FACTIONS:
        record = g.record_for(f)
        for events in (record["log"], g.log(f)):
            assert all(e.get("to") in (None, [f]) for e in events)
            assert any(e.get("to") == [f] and e["rule"] == "10.2" for e in events)
        assert "actions" not in record or all(p == f for p, _ in record["actions"])
