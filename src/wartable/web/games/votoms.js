// Armored Trooper VOTOMS: Kummen, on the shared renderers: the 12 x 12 map (flat hexes,
// columns lettered from the east edge) with its terrain, the river, the places and the bases
// with their control and base attack; the counters of both sides (the enemy's face-down ones
// as backs with their ids, your own face-down ones as dimmed fronts); the turn, the phase, the
// stage, points and checks; stock and cups; and the combat in progress with the exact odds
// the server works out (GET /api/tables/{id}/odds, from this seat's view).
//
// Everything drawn comes from the seat's view. The only tables here are interface words and
// the printed names of the named units that the view lists by type id alone (stock, removed,
// returns), which are public.

import { HexMap } from "../js/render/hexmap.js";
import { renderTrack, renderStages } from "../js/render/tracks.js";
import { renderOdds } from "../js/render/panels.js";
import { h, clear } from "../js/dom.js";
import { t, pick } from "../js/i18n.js";

const SIDES = {
  merc: { colour: "#8c3a2b", name: { en: "Merc", ja: "傭兵側" }, short: { en: "Merc", ja: "傭兵" } },
  bieler: { colour: "#2e6a4a", name: { en: "Bieler", ja: "ビーラー側" }, short: { en: "Bieler", ja: "ビーラー" } },
};
const NEUTRAL = "#7d7a70";
const OTHER = { merc: "bieler", bieler: "merc" };
const TERRAIN = {
  clear: { colour: "#efe8cf", name: { en: "clear", ja: "平地" } },
  forest: { colour: "#9bbd7d", name: { en: "jungle", ja: "ジャングル" } },
  river: { colour: "#bcd8e4", name: { en: "river", ja: "川" } },
  highland: { colour: "#cdb387", name: { en: "highland", ja: "高地" } },
};
// Rule 3.1: the eight phases of a turn.
const PHASES = {
  reinforcement: { en: "Reinforcement", ja: "増援" },
  bieler_movement: { en: "Bieler movement", ja: "ビーラー側移動" },
  response_1: { en: "1st response", ja: "第一対応" },
  combat_1: { en: "1st combat", ja: "第一戦闘" },
  merc_movement: { en: "Merc movement", ja: "傭兵側移動" },
  investigation: { en: "Investigation", ja: "調査" },
  response_2: { en: "2nd response", ja: "第二対応" },
  combat_2: { en: "2nd combat", ja: "第二戦闘" },
};
// Rule 12: the stages (the view names the current one; these name the one due next turn).
const STAGES = [
  { en: "Initial stage", ja: "初期ステージ" },
  { en: "Stage 1: Encounter", ja: "ステージ1:遭遇" },
  { en: "Stage 2: Kiriko imprisoned", ja: "ステージ2:キリコ幽閉" },
  { en: "Stage 3: Kiriko returns", ja: "ステージ3:キリコ帰還" },
  { en: "Stage 4: Fiana watches", ja: "ステージ4:フィアナ観戦" },
  { en: "Stage 5: Kiriko leaves", ja: "ステージ5:キリコ離脱" },
  { en: "Stage 6: Palace infiltration", ja: "ステージ6:宮殿潜入" },
  { en: "Stage 7: Proto One completed", ja: "ステージ7:プロトワン完成" },
  { en: "Stage 8: Ypsilon awakens", ja: "ステージ8:イプシロン覚醒" },
];
// The named units the view may list by type id alone (stock, removed, returns): printed names.
const NAMED = {
  kiriko: { en: "Kiriko", ja: "キリコ" },
  heli: { en: "Helicopter", ja: "ヘリ" },
  strike_dog: { en: "Strike Dog", ja: "ストライクドッグ" },
  proto_one: { en: "Proto One", ja: "プロトワン" },
  blue_at: { en: "Blue AT", ja: "ブルーAT" },
  kan_yu: { en: "Kan Yu squad", ja: "カン・ユー隊" },
};

const strings = {
  en: {
    "vt.status": "Turn and phase",
    "vt.turn": "Turn",
    "vt.phase": "Phase",
    "vt.stage": "Stage",
    "vt.nextStage": "Next turn: {name}",
    "vt.markerFlipped": "The phase marker is flipped this turn (2.2.7).",
    "vt.offensive": "Offensive turn",
    "vt.offensiveKnown": "turn {turn} (Merc's secret)",
    "vt.offensiveHidden": "drawn by Merc in secret",
    "vt.offensiveLater": "to be drawn on turn 7 (4.5)",
    "vt.offensiveMarkers": "markers {list}",
    "vt.offensiveMark": "O",
    "vt.score": "Points and checks",
    "vt.vp": "Victory points",
    "vt.rp": "Response points (Bieler)",
    "vt.mods": "Check modifiers",
    "vt.mod.escape": "Kiriko's escape (12.6)",
    "vt.mod.strike_dog": "Strike Dog's arrival (12.10)",
    "vt.mod.kiriko": "Kiriko's appearance (12.10)",
    "vt.forces": "Forces",
    "vt.onMap": "{n} on the map, {up} face-up",
    "vt.cup": "Cup: {n}",
    "vt.stock": "Stock: {list}",
    "vt.removed": "Out of the game: {list}",
    "vt.returns": "Returning at the end of the phase: {list}",
    "vt.none": "none",
    "vt.combat": "Combat",
    "vt.combatIn": "Combat in {where}",
    "vt.round": "round {n}",
    "vt.phasePlayer": "phase player: {who}",
    "vt.baseAttack": "Base attack ({who}): {attack} × {count}, before round 1",
    "vt.groups": "Groupings",
    "vt.noGroups": "Not paired yet.",
    "vt.vs": "{a} vs {b}",
    "vt.targets": "{a} attacks {b}",
    "vt.lastRound": "Last attacks",
    "vt.base": "base",
    "vt.hit": "destroyed",
    "vt.miss": "missed",
    "vt.noChance": "cannot hit",
    "vt.roundChance": "chance of being destroyed this round",
    "vt.retreatAsk": "{who} decides: retreat or fight on.",
    "vt.retreating": "{who} retreats.",
    "vt.oddsTitle": "Exact odds if both sides fight on",
    "vt.oddsRow": "{who} in {hex}",
    "vt.oddsRounds": "{n} rounds on average",
    "vt.oddsLoading": "Working out the odds…",
    "vt.oddsFailed": "No odds for {hex}: {msg}",
    "vt.oddsReplay": "The odds are worked out for the game as it stands, not in a replay.",
    "vt.chooseHex": "Combat hexes left: {list}",
    "vt.noCombat": "No combat in progress.",
    "vt.helisReturn": "Helis returning to EX-10: {list}",
    "vt.faceDownOwn": "face-down: only you see its front",
    "vt.faceDown": "face-down",
    "vt.acted": "acted",
    "vt.actedMark": "✓",
    "vt.mpLeft": "{n} MP left",
    "vt.moved": "moved this turn",
    "vt.ps": "PS",
    "vt.placeBase": "{name}: base worth {points}, {control}",
    "vt.placeHome": "{name}: home of {side}, worth {points}, {control}",
    "vt.held": "held by {who}",
    "vt.neutral": "neutral",
    "vt.baseAttackChip": "base attack {attack} × {count} (9.12)",
    "vt.river": "The river",
    "vt.p.reinforce": "Reinforcement: {points} base points. Each buys a unit (face-down, to the Palace) or 2 response points.",
    "vt.p.movement": "Movement: click a unit, then a lit hex (one hex at a time). Reveal, hide and load with the buttons; end the phase when done.",
    "vt.p.heliResponse": "Response: move a ready heli out of EX-10 (click it, then a lit hex), or end.",
    "vt.p.bielerResponse": "Response: move face-up units, 1 RP each ({rp} left), or end.",
    "vt.p.responseReveal": "Response: reveal the face-down units that are to move, or done.",
    "vt.p.hide": "Turn face-down again the units shown this turn, or done.",
    "vt.p.combatHex": "Choose the next combat: click a lit hex.",
    "vt.p.pair": "Pairing: choose the partners (click a unit, or the buttons). See the combat panel.",
    "vt.p.join": "Groupings: add the remaining units to the groupings.",
    "vt.p.target": "Targets: choose the enemy each unit attacks.",
    "vt.p.base": "Base attack: choose the enemy units that get one more attack.",
    "vt.p.retreat": "Retreat or fight on? The exact odds are in the combat panel.",
    "vt.p.retreatMove": "Retreat: click a unit, then a lit hex; or click a lit hex to send them all.",
    "vt.p.investigate": "Investigation: click a lit hex to investigate it, or end.",
    "vt.p.flip": "Investigation: choose the units to turn face-up.",
    "vt.p.heliReturn": "Helis fly home: select a heli to carry a unit to EX-10, or done.",
    "vt.p.wait": "Turn {turn}, {phase}: {who} to act.",
  },
  ja: {
    "vt.status": "ターンとフェイズ",
    "vt.turn": "ターン",
    "vt.phase": "フェイズ",
    "vt.stage": "ステージ",
    "vt.nextStage": "次ターン: {name}",
    "vt.markerFlipped": "このターンはフェイズマーカーが裏返っています（2.2.7）。",
    "vt.offensive": "総攻撃ターン",
    "vt.offensiveKnown": "第{turn}ターン（傭兵側の秘密）",
    "vt.offensiveHidden": "傭兵側が秘密裏に決定済み",
    "vt.offensiveLater": "第7ターンに決定（4.5）",
    "vt.offensiveMarkers": "マーカー {list}",
    "vt.offensiveMark": "総",
    "vt.score": "得点と判定",
    "vt.vp": "勝利ポイント",
    "vt.rp": "対応ポイント（ビーラー側）",
    "vt.mods": "判定の修正",
    "vt.mod.escape": "キリコ脱出（12.6）",
    "vt.mod.strike_dog": "ストライクドッグ到着（12.10）",
    "vt.mod.kiriko": "キリコ登場（12.10）",
    "vt.forces": "戦力",
    "vt.onMap": "マップ上 {n}（表 {up}）",
    "vt.cup": "カップ: {n}",
    "vt.stock": "ストック: {list}",
    "vt.removed": "ゲームから除外: {list}",
    "vt.returns": "フェイズ終了時に帰還: {list}",
    "vt.none": "なし",
    "vt.combat": "戦闘",
    "vt.combatIn": "{where}の戦闘",
    "vt.round": "第{n}ラウンド",
    "vt.phasePlayer": "フェイズプレイヤー: {who}",
    "vt.baseAttack": "拠点攻撃（{who}）: {attack} × {count}、第1ラウンドの前",
    "vt.groups": "組み合わせ",
    "vt.noGroups": "まだ組み合わせていません。",
    "vt.vs": "{a} 対 {b}",
    "vt.targets": "{a} は {b} を攻撃",
    "vt.lastRound": "直前の攻撃",
    "vt.base": "拠点",
    "vt.hit": "撃破",
    "vt.miss": "失敗",
    "vt.noChance": "命中不能",
    "vt.roundChance": "このラウンドに撃破される確率",
    "vt.retreatAsk": "{who}が後退か継戦かを決めます。",
    "vt.retreating": "{who}が後退します。",
    "vt.oddsTitle": "両軍が継戦する場合の厳密な確率",
    "vt.oddsRow": "{hex}の{who}",
    "vt.oddsRounds": "平均 {n} ラウンド",
    "vt.oddsLoading": "確率を計算しています…",
    "vt.oddsFailed": "{hex}の確率は出せません: {msg}",
    "vt.oddsReplay": "確率は現在の盤面について計算します。リプレイでは表示しません。",
    "vt.chooseHex": "残りの戦闘ヘクス: {list}",
    "vt.noCombat": "戦闘は行われていません。",
    "vt.helisReturn": "EX-10へ帰還するヘリ: {list}",
    "vt.faceDownOwn": "裏（表面はあなたにだけ見えます）",
    "vt.faceDown": "裏",
    "vt.acted": "行動済",
    "vt.actedMark": "済",
    "vt.mpLeft": "残り移動力 {n}",
    "vt.moved": "このターン移動済",
    "vt.ps": "PS",
    "vt.placeBase": "{name}: 拠点 {points}ポイント、{control}",
    "vt.placeHome": "{name}: {side}の本拠地、{points}ポイント、{control}",
    "vt.held": "{who}の支配",
    "vt.neutral": "中立",
    "vt.baseAttackChip": "拠点攻撃 {attack} × {count}（9.12）",
    "vt.river": "川",
    "vt.p.reinforce": "増援: 拠点ポイント {points}。1ポイントでユニット1枚（宮殿に裏で）か対応ポイント2。",
    "vt.p.movement": "移動: ユニットをクリックし、光っているヘクスをクリック（1ヘクスずつ）。表・裏・積載はボタンで。終わったらフェイズを終了。",
    "vt.p.heliResponse": "対応: EX-10の待機中のヘリを移動（クリックして光っているヘクスへ）、または終了。",
    "vt.p.bielerResponse": "対応: 表のユニットを移動（1ユニットにつき対応ポイント1、残り {rp}）、または終了。",
    "vt.p.responseReveal": "対応: 移動させる裏のユニットを表にする、または終了。",
    "vt.p.hide": "このターンに表になったユニットを裏に戻す、または終了。",
    "vt.p.combatHex": "次の戦闘を選択: 光っているヘクスをクリック。",
    "vt.p.pair": "組み合わせ: 相手を選ぶ（ユニットをクリックするかボタンで）。戦闘パネル参照。",
    "vt.p.join": "組み合わせ: 残りのユニットを組み合わせに加える。",
    "vt.p.target": "攻撃目標: 各ユニットが攻撃する敵を選ぶ。",
    "vt.p.base": "拠点攻撃: 追加の攻撃を受ける敵ユニットを選ぶ。",
    "vt.p.retreat": "後退するか継戦するか。厳密な確率は戦闘パネルにあります。",
    "vt.p.retreatMove": "後退: ユニットをクリックして光っているヘクスへ。ヘクスだけをクリックすると全ユニットがそこへ。",
    "vt.p.investigate": "調査: 光っているヘクスをクリックして調査、または終了。",
    "vt.p.flip": "調査: 表にするユニットを選ぶ。",
    "vt.p.heliReturn": "ヘリ帰還: ヘリを選んでユニットをEX-10へ輸送、または終了。",
    "vt.p.wait": "第{turn}ターン {phase}: {who}の手番。",
  },
};

// -- small helpers ------------------------------------------------------------------------------

function sideName(side) {
  return SIDES[side] ? pick(SIDES[side].name) : t("vt.neutral");
}

function list(items) {
  return items.length ? items.join(", ") : t("vt.none");
}

function typeName(type, board) {
  const seen = board.units.find((u) => u.type === type && u.name);
  if (seen) return pick(seen.name);
  return NAMED[type] ? pick(NAMED[type]) : type;
}

function unitById(board) {
  return new Map(board.units.map((u) => [u.id, u]));
}

function unitLabel(unit, id) {
  if (!unit) return String(id);
  return unit.name ? `${pick(unit.name)} ${unit.id}` : unit.id;
}

function unitValues(unit) {
  return unit?.attack != null ? `${unit.attack}-${unit.defence}` : "";
}

function placeAt(board) {
  const out = {};
  for (const [id, place] of Object.entries(board.map.places)) out[place.hex] = { id, ...place };
  return out;
}

function whereName(hex, board) {
  const place = placeAt(board)[hex];
  return place ? `${hex} ${pick(place.name)}` : hex;
}

function percent(p) {
  if (p == null) return "";
  const v = p * 100;
  return `${v >= 10 || v === 0 ? v.toFixed(0) : v.toFixed(1)}%`;
}

function counterFor(unit, seat, decision, interactive) {
  const known = unit.name != null;
  const side = SIDES[unit.side];
  const notes = [sideName(unit.side)];
  if (!unit.up) notes.push(known && unit.side === seat ? t("vt.faceDownOwn") : t("vt.faceDown"));
  if (unit.acted) notes.push(t("vt.acted"));
  if (unit.moved) notes.push(t("vt.moved"));
  if (unit.mp != null) notes.push(t("vt.mpLeft", { n: unit.mp }));
  const counter = {
    id: unit.id,
    colour: side?.colour,
    selectable: interactive && decision.isSelectable(unit.id),
    selected: decision.selected === unit.id,
  };
  if (!known) {
    // a face-down enemy counter: its back, its id, nothing else
    return { ...counter, back: true, top: pick(side?.short), middle: unit.id, title: `${unit.id} (${notes.join(", ")})` };
  }
  return {
    ...counter,
    top: pick(unit.name),
    middle: unitValues(unit),
    bottom: unit.id,
    dim: !unit.up, // your own face-down unit: its front, faded and hatched
    corner: unit.acted ? t("vt.actedMark") : unit.ps ? t("vt.ps") : null,
    class: unit.acted ? "vt-acted" : null,
    title: `${unitLabel(unit)} ${unitValues(unit)} (${notes.join(", ")})`,
  };
}

function stackOrder(seat) {
  return (a, b) => {
    const rank = (u) => (u.side === seat ? 0 : 2) + (u.up ? 0 : 1);
    return rank(a) - rank(b) || Number(a.id.slice(1)) - Number(b.id.slice(1));
  };
}

// -- the module ---------------------------------------------------------------------------------

export default {
  players: Object.fromEntries(Object.entries(SIDES).map(([id, side]) => [id, side.name])),
  strings,
  options: {
    data: { en: "Printed values (data overlay)", ja: "印刷値（データの上書き）" },
    merc_base_vp: { en: "Merc base VP, R11 (always | supplied_only)", ja: "傭兵側の拠点VP R11（always | supplied_only）" },
    kiriko_destroyed: { en: "Kiriko destroyed, R28 (removed | cup)", ja: "キリコ撃破時 R28（removed | cup）" },
    check_modifiers: { en: "Check modifiers, R34 (persist | per_combat)", ja: "判定修正 R34（persist | per_combat）" },
    kiriko_check: { en: "Kiriko check, R36 (as_written | corrected)", ja: "キリコ登場判定 R36（as_written | corrected）" },
  },

  // What an action points at on the board (the rest are buttons in the list).
  targets(action) {
    if ("move" in action) return { piece: action.move, hex: action.to };
    if ("retreat_unit" in action) return { piece: action.retreat_unit, hex: action.to };
    if ("retreat_all" in action) return { hex: action.retreat_all };
    if ("combat" in action) return { hex: action.combat };
    if ("investigate" in action) return { hex: action.investigate };
    for (const key of ["reveal", "hide", "flip", "pair", "join", "target", "base_target"]) {
      if (key in action) return { piece: action[key], button: true };
    }
    if ("load" in action || "carry" in action) return { piece: action.heli, button: true };
    return null;
  },

  prompt(view, seat) {
    const board = view.board;
    if (view.over) return null;
    const step = board.step || {};
    const mine = seat != null && (view.to_act || []).includes(seat);
    const prompts = {
      bieler_reinforce: () => t("vt.p.reinforce", { points: step.points }),
      movement: () => t("vt.p.movement"),
      heli_response: () => t("vt.p.heliResponse"),
      bieler_response: () => t("vt.p.bielerResponse", { rp: board.rp }),
      response_reveal: () => t("vt.p.responseReveal"),
      bieler_hide: () => t("vt.p.hide"),
      combat_hex: () => t("vt.p.combatHex"),
      combat_ps: () => t("vt.p.pair"),
      combat_pair: () => t("vt.p.pair"),
      combat_join: () => t("vt.p.join"),
      combat_balance: () => t("vt.p.join"),
      combat_target: () => t("vt.p.target"),
      combat_base: () => t("vt.p.base"),
      combat_retreat: () => t("vt.p.retreat"),
      combat_retreat_move: () => t("vt.p.retreatMove"),
      investigation: () => t("vt.p.investigate"),
      investigation_flip: () => t("vt.p.flip"),
      heli_return: () => t("vt.p.heliReturn"),
    };
    if (mine && prompts[step.kind]) return prompts[step.kind]();
    const who = (view.to_act || []).map(sideName).join(", ");
    return t("vt.p.wait", { turn: board.turn, phase: pick(PHASES[board.phase]), who });
  },

  pieceName(piece, view) {
    const unit = view.board.units.find((u) => u.id === piece);
    return unit ? `${unitLabel(unit)} ${unitValues(unit)}`.trim() : String(piece);
  },

  mount(host) {
    const map = new HexMap(host.board, { orientation: "flat", parity: "even", size: 48, counterScale: 0.8 });
    const combatPanel = host.panel("combat", "vt.combat");
    const statusPanel = host.panel("status", "vt.status");
    const scorePanel = host.panel("score", "vt.score");
    const forcesPanel = host.panel("forces", "vt.forces");
    host.showPanel("combat", false);

    const odds = new Map(); // "seat|version|hex" -> {status, answer | message}
    let last = null;

    // The exact odds of the battle in `hex` for the game as it stands (asked once a version).
    function oddsFor(frame, hex) {
      const key = `${frame.seat ?? ""}|${frame.version}|${hex}`;
      if (!odds.has(key)) {
        odds.set(key, { status: "loading" });
        host.odds({ hex }).then(
          (answer) => {
            odds.set(key, { status: "ok", answer });
            if (last) drawCombat(last);
          },
          (error) => {
            odds.set(key, { status: "error", message: String(error.message || error) });
            if (last) drawCombat(last);
          },
        );
        while (odds.size > 40) odds.delete(odds.keys().next().value);
      }
      return odds.get(key);
    }

    function drawMap(frame) {
      const { board, decision, seat, interactive } = frame;
      const m = board.map;
      Object.assign(map.options, { orientation: m.orientation, parity: m.parity, columns: m.columns, firstRow: m.rows[0] });
      const places = placeAt(board);
      const fight = board.combat?.hex;
      const hexes = Object.entries(m.hexes).map(([label, hex]) => {
        const place = places[label];
        const terrain = TERRAIN[hex.terrain];
        const out = { label, terrain: hex.terrain, colour: terrain?.colour, mark: label === fight ? "fight" : null };
        const titles = [`${label} · ${terrain ? pick(terrain.name) : hex.terrain}`];
        if (place) {
          out.name = pick(place.name);
          if (place.base) {
            const holder = board.control[place.id] ?? null;
            const control = holder ? t("vt.held", { who: sideName(holder) }) : t("vt.neutral");
            const words = { name: pick(place.name), points: place.base_points, control, side: sideName(place.home) };
            const title = t(place.home ? "vt.placeHome" : "vt.placeBase", words);
            titles.push(title);
            out.chips = [{ text: place.home ? `★${place.base_points}` : String(place.base_points), fill: SIDES[holder]?.colour || NEUTRAL, title }];
            if (place.base_attack) {
              const [attack, count] = place.base_attack;
              out.chips.push({ text: `${attack}×${count}`, fill: "#2b2f38", title: t("vt.baseAttackChip", { attack, count }) });
            }
          }
        }
        out.title = titles.join("\n");
        return out;
      });
      const stacks = {};
      for (const unit of [...board.units].sort(stackOrder(seat))) {
        if (unit.hex == null) continue;
        (stacks[unit.hex] ||= []).push(counterFor(unit, seat, decision, interactive));
      }
      const selected = decision.selected != null ? board.units.find((u) => u.id === decision.selected) : null;
      map.render({
        label: t("game.board"),
        hexes,
        stacks,
        paths: m.river?.length ? [{ hexes: m.river, class: "vt-river", extend: true, title: t("vt.river") }] : [],
        lit: interactive ? decision.lit() : new Set(),
        selectedHex: selected?.hex ?? null,
        onHex: (label) => interactive && decision.clickHex(label),
        onCounter: (counter, label) => interactive && decision.clickPiece(counter.id, label),
      });
    }

    function drawStatus(frame) {
      const { board } = frame;
      clear(statusPanel);
      const offensive = board.offensive || {};
      const markers = [];
      if (offensive.turn != null) {
        markers.push({ at: offensive.turn, label: t("vt.offensiveMark"), colour: SIDES.merc.colour, title: t("vt.offensive") });
      }
      renderTrack(statusPanel.appendChild(h("div", { class: "vt-turn" })), {
        title: t("vt.turn"),
        from: 1,
        to: board.last_turn,
        current: board.turn,
        markers,
      });
      renderStages(statusPanel.appendChild(h("div", { class: "vt-phases" })), {
        title: t("vt.phase"),
        stages: Object.entries(PHASES).map(([id, name]) => ({ id, label: pick(name) })),
        current: board.phase,
      });
      const next = board.next_stage;
      renderTrack(statusPanel.appendChild(h("div", { class: "vt-stage" })), {
        title: `${t("vt.stage")}: ${pick(board.stage_name)}`,
        from: 0,
        to: STAGES.length - 1,
        current: board.stage,
        markers: next != null ? [{ at: next, label: "→", colour: "#b8432f", title: t("vt.nextStage", { name: pick(STAGES[next]) }) }] : [],
      });
      const lines = h("ul", { class: "vt-lines" });
      if (next != null) lines.append(h("li", {}, t("vt.nextStage", { name: pick(STAGES[next]) })));
      if (board.kan_yu_met_blue) lines.append(h("li", {}, t("vt.markerFlipped")));
      let said;
      if (offensive.turn != null) said = t("vt.offensiveKnown", { turn: offensive.turn });
      else if (offensive.drawn) said = t("vt.offensiveHidden");
      else said = t("vt.offensiveLater");
      const mix = t("vt.offensiveMarkers", { list: (offensive.markers || []).join(", ") });
      lines.append(h("li", { class: "vt-offensive" }, h("span", { class: "key" }, t("vt.offensive")), h("span", {}, said), h("span", { class: "muted" }, mix)));
      statusPanel.append(lines);
    }

    function drawScore(frame) {
      const { board } = frame;
      clear(scorePanel);
      const vp = h("ul", { class: "vt-lines vt-vp" });
      for (const side of Object.keys(SIDES)) {
        vp.append(
          h(
            "li",
            { "data-side": side },
            h("span", { class: "seat-dot", "data-seat": side }),
            h("span", { class: "key" }, sideName(side)),
            h("span", { class: "vt-big" }, String(board.vp[side])),
            h("span", { class: "muted" }, "VP"),
          ),
        );
      }
      scorePanel.append(h("div", { class: "track-title" }, t("vt.vp")), vp);
      renderTrack(scorePanel.appendChild(h("div", { class: "vt-rp" })), {
        title: t("vt.rp"),
        from: 0,
        to: board.rp_max,
        current: board.rp,
        markers: [{ at: board.rp, label: "RP", colour: SIDES.bieler.colour }],
      });
      const mods = h("ul", { class: "vt-lines vt-mods" });
      for (const [key, value] of Object.entries(board.mods || {})) {
        mods.append(h("li", {}, h("span", { class: "key" }, t(`vt.mod.${key}`)), h("strong", {}, `+${value}`)));
      }
      scorePanel.append(h("div", { class: "track-title vt-sub" }, t("vt.mods")), mods);
    }

    function drawForces(frame) {
      const { board } = frame;
      clear(forcesPanel);
      for (const side of Object.keys(SIDES)) {
        const mine = board.units.filter((u) => u.side === side && u.hex != null);
        const counts = new Map();
        for (const type of board.stock?.[side] || []) counts.set(type, (counts.get(type) || 0) + 1);
        const stock = [...counts].map(([type, n]) => (n > 1 ? `${typeName(type, board)} ×${n}` : typeName(type, board)));
        forcesPanel.append(
          h(
            "div",
            { class: "vt-side", "data-side": side },
            h("h3", {}, h("span", { class: "seat-dot", "data-seat": side }), sideName(side)),
            h(
              "p",
              { class: "vt-note" },
              `${t("vt.onMap", { n: mine.length, up: mine.filter((u) => u.up).length })} · ${t("vt.cup", { n: board.cups?.[side] ?? 0 })}`,
            ),
            h("p", { class: "vt-note" }, t("vt.stock", { list: list(stock) })),
          ),
        );
      }
      if (board.removed?.length) {
        forcesPanel.append(h("p", { class: "vt-note" }, t("vt.removed", { list: list(board.removed.map((type) => typeName(type, board))) })));
      }
      if (board.returns?.length) {
        const items = board.returns.map((r) => `${typeName(r.type, board)} (${sideName(r.side)})`);
        forcesPanel.append(h("p", { class: "vt-note" }, t("vt.returns", { list: list(items) })));
      }
    }

    function drawOdds(box, frame, hexes, viewer) {
      if (!hexes.length) return;
      if (!frame.interactive || frame.version == null) {
        box.append(h("p", { class: "vt-note" }, t("vt.oddsReplay")));
        return;
      }
      const rows = [];
      const notes = [];
      for (const hex of hexes) {
        const got = oddsFor(frame, hex);
        if (got.status === "loading") notes.push(h("p", { class: "vt-note vt-odds-loading" }, t("vt.oddsLoading")));
        else if (got.status === "error") notes.push(h("p", { class: "vt-note vt-odds-error" }, t("vt.oddsFailed", { hex, msg: got.message })));
        else {
          const battle = got.answer.data?.battle;
          if (!battle) continue;
          const p = (key) => battle[key]?.p ?? 0;
          rows.push({
            label: t("vt.oddsRow", { who: sideName(viewer), hex }),
            win: p(viewer),
            tie: p("none") + p("stalemate"),
            lose: p(OTHER[viewer]),
            note: t("vt.oddsRounds", { n: p("rounds").toFixed(2) }),
          });
          notes.push(h("p", { class: "vt-note vt-odds-text" }, pick(got.answer.text)));
        }
      }
      const table = h("div", { class: "vt-odds" });
      box.append(table);
      if (rows.length) renderOdds(table, { title: t("vt.oddsTitle"), rows });
      box.append(...notes);
    }

    function unitChip(unit, id, chances) {
      const p = chances?.[id]?.p;
      return h(
        "li",
        { class: "vt-unit", "data-unit": id, style: { "--unit-colour": SIDES[unit?.side]?.colour || "#555" } },
        h("span", {}, unitLabel(unit, id)),
        h("span", { class: "muted" }, unitValues(unit)),
        p != null ? h("span", { class: "p", title: t("vt.roundChance") }, percent(p)) : null,
      );
    }

    function drawCombat(frame) {
      const { board, seat, decision } = frame;
      const cb = board.combat;
      host.showPanel("combat", Boolean(cb));
      clear(combatPanel);
      if (!cb) return;
      const units = unitById(board);
      const viewer = SIDES[seat] ? seat : cb.player || "merc";
      if (!cb.hex) {
        // between combats: the hexes still to fight (for the one choosing), returning helis
        const hexes = decision.entries.filter((e) => "combat" in e.action).map((e) => e.action.combat);
        if (hexes.length) {
          combatPanel.append(h("p", {}, t("vt.chooseHex", { list: hexes.map((x) => whereName(x, board)).join(", ") })));
          drawOdds(combatPanel, frame, hexes, viewer);
        } else if (cb.helis?.length) {
          combatPanel.append(h("p", {}, t("vt.helisReturn", { list: cb.helis.join(", ") })));
        } else {
          combatPanel.append(h("p", { class: "muted" }, t("vt.noCombat")));
        }
        combatPanel.append(h("p", { class: "vt-note" }, t("vt.phasePlayer", { who: sideName(cb.player) })));
        return;
      }
      const head = [t("vt.combatIn", { where: whereName(cb.hex, board) })];
      if (cb.round) head.push(t("vt.round", { n: cb.round }));
      combatPanel.append(h("h3", { class: "vt-combat-head" }, head.join(" · ")));
      combatPanel.append(h("p", { class: "vt-note" }, t("vt.phasePlayer", { who: sideName(cb.player) })));
      if (cb.base) {
        combatPanel.append(h("p", {}, t("vt.baseAttack", { who: sideName(cb.base.side), attack: cb.base.attack, count: cb.base.count })));
      }
      // the participants, with each one's chance of being destroyed this round
      const key = `${seat ?? ""}|${frame.version}|${cb.hex}`;
      const got = odds.get(key);
      const chances = got?.status === "ok" ? got.answer.data?.round?.units : null;
      for (const side of Object.keys(SIDES)) {
        const ids = cb.units?.[side] || [];
        const box = h("div", { class: "vt-side", "data-side": side });
        box.append(h("h3", {}, h("span", { class: "seat-dot", "data-seat": side }), sideName(side)));
        box.append(h("ul", { class: "vt-units" }, ids.length ? ids.map((id) => unitChip(units.get(id), id, chances)) : h("li", { class: "muted" }, t("vt.none"))));
        combatPanel.append(box);
      }
      // groupings and targets (9.8)
      combatPanel.append(h("div", { class: "track-title vt-sub" }, t("vt.groups")));
      if (cb.groups?.length) {
        const groups = h("ol", { class: "vt-groups" });
        for (const g of cb.groups) {
          const names = (ids) => ids.map((id) => unitLabel(units.get(id), id)).join(", ");
          groups.append(h("li", {}, t("vt.vs", { a: names(g.merc), b: names(g.bieler) })));
        }
        combatPanel.append(groups);
      } else {
        combatPanel.append(h("p", { class: "muted small" }, t("vt.noGroups")));
      }
      const targets = Object.entries(cb.targets || {});
      if (targets.length) {
        combatPanel.append(
          h(
            "ul",
            { class: "vt-lines" },
            targets.map(([a, b]) => h("li", {}, t("vt.targets", { a: unitLabel(units.get(a), a), b: unitLabel(units.get(b), b) }))),
          ),
        );
      }
      // the dice of the last attacks
      if (cb.last?.length) {
        combatPanel.append(h("div", { class: "track-title vt-sub" }, t("vt.lastRound")));
        const rolls = h("ul", { class: "vt-lines vt-last" });
        for (const shot of cb.last) {
          const by = shot.by ? unitLabel(units.get(shot.by), shot.by) : t("vt.base");
          const result = shot.dice?.length ? `${shot.dice.join("+")} ${shot.hit ? t("vt.hit") : t("vt.miss")}` : t("vt.noChance");
          rolls.append(
            h("li", { class: ["vt-roll", shot.hit && "hit"] }, `${by} → ${unitLabel(units.get(shot.at), shot.at)}: 2D ≤ ${shot.need} · ${result}`),
          );
        }
        combatPanel.append(rolls);
      }
      if (cb.retreat?.side) {
        const kind = board.step?.kind;
        const line = kind === "combat_retreat_move" ? "vt.retreating" : "vt.retreatAsk";
        combatPanel.append(h("p", { class: "vt-retreat" }, t(line, { who: sideName(cb.retreat.side) })));
      }
      drawOdds(combatPanel, frame, [cb.hex], viewer);
    }

    return {
      update(frame) {
        last = frame;
        drawMap(frame);
        drawCombat(frame);
        drawStatus(frame);
        drawScore(frame);
        drawForces(frame);
      },
    };
  },
};
