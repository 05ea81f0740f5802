// IMPERIUM 3rd Millennium, the battles of scenarios 1-5, on the shared renderers: the space combat
// board as its three levels of 5 x 5 areas side by side (12.1) with each ship as a counter
// (its code, beam/torpedo/screens and id; the damaged face hatched), the fighters aboard each
// carrier, and the ranges of the ship you click lit (beams: its area and those beside it, two
// areas for a capital ship, 12.6; torpedoes: three areas, 12.7); the planet map of a planetary
// battle (13.2-13.4) on the hex map renderer, with the units in orbit and in the planet box
// beside it. The page adds the decision list, the dice and the log.
//
// Everything drawn comes from the seat's view: a transport's secret cargo (11.5, ruling I40)
// reaches the page as "hidden" and is drawn as such. The only tables here are interface words.
//
// The galactic war (scenarios 6-8, the campaign) is drawn by imperium-war.js: its map between
// battles, and this file's combat views, on the battle's units alone, while a battle of the war
// is under way.

import { HexMap } from "../js/render/hexmap.js";
import { h, clear } from "../js/dom.js";
import { t, pick } from "../js/i18n.js";
import { GalaxyView, WAR_STYLE, battleBoard, battlePlace, battleShown, isWar, warPieceName, warPrompt, warStrings, warTargets } from "./imperium-war.js";

const SIDES = {
  terran: { colour: "#2c5d9b", name: { en: "Terran", ja: "地球" } },
  imperial: { colour: "#8c2b2b", name: { en: "Imperial", ja: "帝国" } },
};
const HIDDEN = "hidden";
const CAPITAL = "capital";

const strings = {
  en: {
    "imp.status": "Battle",
    "imp.forces": "Forces",
    "imp.round": "Round {n} of {of}",
    "imp.initiative": "Initiative: {who}",
    "imp.mover": "Moving player: {who}",
    "imp.level": "Level {n}",
    "imp.planet": "planet",
    "imp.setup": "To set up",
    "imp.waiting": "Waiting beside the board",
    "imp.left": "Left the board",
    "imp.orbit": "In orbit",
    "imp.box": "In the planet box",
    "imp.secret": "aboard a transport (secret)",
    "imp.aboard": "aboard {ship}",
    "imp.fighters": "{n} fighters aboard",
    "imp.damaged": "damaged",
    "imp.ranges": "Ranges of {ship}: beams (solid) and torpedoes (dashed)",
    "imp.noShips": "none",
    "imp.values": "beam/torpedo/screens (countermeasures)",
    "imp.p.place": "Set up: click a ship, then a lit area.",
    "imp.p.initiative": "You won the initiative: keep it, or let the enemy move first.",
    "imp.p.move": "Movement step {n}: click a ship, then a lit area; launch, recover and retreat from the list; end the step when done.",
    "imp.p.fire": "Fire ({weapon}): click a ship, then a lit enemy counter.",
    "imp.p.volley": "Fire (17.4): click one of your areas, then a lit enemy area.",
    "imp.p.allot": "Give each hit to a ship of the target area.",
    "imp.p.load": "Load each ground unit aboard a transport.",
    "imp.p.bombard": "Bombardment (13.1): choose the ships that bombard, or none.",
    "imp.p.allocate": "Give each bombardment hit to a defending fighter or battery.",
    "imp.p.intercept": "The defence fires: click a fighter or battery, then a lit ship.",
    "imp.p.deploy": "Place your units on the planet map: click a unit, then a lit hex.",
    "imp.p.land": "Landing: click a unit, then a lit hex.",
    "imp.p.surface_move": "Surface movement: click a unit, then a lit hex; done when finished.",
    "imp.p.surface_fire": "Surface combat: click a unit, then a lit enemy in its hex.",
    "imp.p.wait": "{who} to decide.",
    "imp.beams": "beams",
    "imp.torpedoes": "torpedoes",
    "imp.odds": "Exact odds",
    "imp.oddsOf": "Fire of {ship}, target by target (12.6-12.8, 13.4)",
    "imp.oddsLoading": "Working out the odds…",
  },
  ja: {
    "imp.status": "戦闘",
    "imp.forces": "戦力",
    "imp.round": "第{n}ラウンド(全{of})",
    "imp.initiative": "イニシアチブ: {who}",
    "imp.mover": "移動側: {who}",
    "imp.level": "レベル{n}",
    "imp.planet": "惑星",
    "imp.setup": "配置前",
    "imp.waiting": "盤外で待機",
    "imp.left": "盤外へ退却",
    "imp.orbit": "軌道上",
    "imp.box": "惑星ボックス",
    "imp.secret": "輸送艦に搭載(秘密)",
    "imp.aboard": "{ship}に搭載",
    "imp.fighters": "艦載機{n}",
    "imp.damaged": "損傷",
    "imp.ranges": "{ship}の射程: ビーム(実線)と雷撃(破線)",
    "imp.noShips": "なし",
    "imp.values": "ビーム/雷撃/スクリーン(防御兵器)",
    "imp.p.place": "配置: 艦をクリックし、光っているエリアをクリック。",
    "imp.p.initiative": "イニシアチブを得た: 取るか、敵に先に移動させるか。",
    "imp.p.move": "移動ステップ{n}: 艦をクリックし、光っているエリアへ。発進・着艦・退却は一覧から。終わったらステップ終了。",
    "imp.p.fire": "射撃({weapon}): 艦をクリックし、光っている敵をクリック。",
    "imp.p.volley": "射撃(17.4): 自軍のエリアをクリックし、光っている敵のエリアをクリック。",
    "imp.p.allot": "命中を目標エリアの艦に割り当てる。",
    "imp.p.load": "地上ユニットを輸送艦に積む。",
    "imp.p.bombard": "惑星爆撃(13.1): 爆撃する艦を選ぶ(しなくてもよい)。",
    "imp.p.allocate": "爆撃の命中を防御側の戦闘機か砲台に割り当てる。",
    "imp.p.intercept": "防御射撃: 戦闘機か砲台をクリックし、光っている艦をクリック。",
    "imp.p.deploy": "惑星マップにユニットを配置: ユニットをクリックし、光っているヘクスへ。",
    "imp.p.land": "着陸: ユニットをクリックし、光っているヘクスへ。",
    "imp.p.surface_move": "地上移動: ユニットをクリックし、光っているヘクスへ。終わったら終了。",
    "imp.p.surface_fire": "地上戦闘: ユニットをクリックし、同じヘクスの光っている敵をクリック。",
    "imp.p.wait": "{who}の決定待ち。",
    "imp.beams": "ビーム",
    "imp.torpedoes": "雷撃",
    "imp.odds": "厳密な確率",
    "imp.oddsOf": "{ship}の射撃(目標ごと、12.6-12.8、13.4)",
    "imp.oddsLoading": "確率を計算しています…",
  },
};
for (const l of Object.keys(strings)) Object.assign(strings[l], warStrings[l]);

const STYLE = `
.imp-board { display: flex; flex-direction: column; gap: 10px; padding: 8px; }
.imp-levels { display: flex; flex-wrap: wrap; gap: 10px; }
.imp-level { flex: 1 1 250px; max-width: 420px; }
.imp-level h3 { margin: 0 0 4px; font-size: 13px; }
.imp-grid { display: grid; grid-template-columns: repeat(5, minmax(46px, 1fr)); gap: 2px; background: #0d1422; padding: 2px; border-radius: 4px; }
.imp-area { position: relative; min-height: 50px; background: #1d2940; border: 2px solid transparent; border-radius: 3px; padding: 12px 2px 2px; display: flex; flex-wrap: wrap; gap: 2px; align-content: flex-start; cursor: default; }
.imp-area .imp-label { position: absolute; top: 1px; left: 3px; font-size: 9px; color: #8fa3c4; }
.imp-area.imp-planet { background: radial-gradient(circle, #3f6e8c 45%, #1d2940 47%); }
.imp-area.imp-beam { background: #34456a; }
.imp-area.imp-torp { border: 2px dashed #7f9fd6; }
.imp-area.imp-beam.imp-torp { border: 2px solid #9fc0f0; }
.imp-area.lit { border: 2px solid #ffd66b; cursor: pointer; background: #3c4d2a; }
.imp-ship { min-width: 38px; padding: 1px 2px; border-radius: 3px; color: #fff; font-size: 9.5px; line-height: 1.15; text-align: center; cursor: pointer; border: 2px solid rgba(0,0,0,.35); }
.imp-ship .imp-code { font-weight: 700; }
.imp-ship.imp-damaged { background-image: repeating-linear-gradient(45deg, rgba(255,255,255,.22) 0 4px, transparent 4px 8px); }
.imp-ship.selectable { border-color: #ffd66b; }
.imp-ship.selected { border-color: #fff; box-shadow: 0 0 0 2px #ffd66b; }
.imp-ship.lit { border-color: #ffd66b; box-shadow: 0 0 0 2px #ff9b3d; }
.imp-ship.imp-back { background: #55606e !important; font-style: italic; }
.imp-strip { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; min-height: 24px; }
.imp-strip h3 { margin: 0 6px 0 0; font-size: 13px; }
.imp-forces td { padding: 0 6px 0 0; font-size: 12px; }
.imp-map { position: relative; height: min(62vh, 560px); }
.imp-strips { display: flex; flex-direction: column; gap: 4px; }
`;

// The map between a war's battles; part 1's views for a battle (of a war or scenarios 1-5).
function betweenBattles(board) {
  return isWar(board) && !battleShown(board);
}

function side(id) {
  return SIDES[id] || { colour: "#55606e", name: { en: id, ja: id } };
}

function typeOf(board, uid) {
  const unit = board.units[uid];
  return unit ? board.printed.types[unit.type] : null;
}

function faceOf(board, uid) {
  const unit = board.units[uid];
  const kind = typeOf(board, uid);
  if (!kind) return null;
  return unit.damaged ? kind.back || kind.front : kind.front;
}

// "5/6/2(3)" for a ship, "6-2" for a ground unit, on the face now up
function values(board, uid) {
  const face = faceOf(board, uid);
  if (!face) return "";
  if ("beam" in face) return `${face.beam}/${face.torpedo}/${face.defence}(${face.cm})`;
  return `${face.combat}-${face.defence}`;
}

function unitName(board, uid) {
  const kind = typeOf(board, uid);
  return kind ? `${kind.code} ${uid}` : String(uid);
}

function distance(a, b) {
  let d = 0;
  for (let i = 0; i < 3; i++) d += Math.abs(Number(a[i]) - Number(b[i]));
  return d;
}

function stepOf(board) {
  return board.step || {};
}

function secretCargo(board, uid) {
  return board.units[uid]?.aboard === HIDDEN;
}

export default {
  players: Object.fromEntries(Object.entries(SIDES).map(([id, s]) => [id, s.name])),
  strings,
  options: {
    scenario: { en: "Scenario (1-8, campaign)", ja: "シナリオ(1-8、キャンペーン)" },
    simplified: { en: "Simplified combat (17.4)", ja: "簡易戦闘解決(17.4)" },
    stealth: { en: "War: stealth reconnaissance (17.2)", ja: "戦争: ステルス偵察(17.2)" },
    terraforming: { en: "War: terraforming (17.3)", ja: "戦争: テラフォーミング(17.3)" },
    deep_space: { en: "War: deep space (17.1)", ja: "戦争: 深宇宙(17.1)" },
    campaign_wars: { en: "Campaign: a draw after this many wars (0: no limit)", ja: "キャンペーン: この回数の戦争で引き分け(0: 無制限)" },
  },

  choices: {
    scenario: {
      s1: { en: "1. The Battle of Earth", ja: "1. 地球の戦い" },
      s2: { en: "2. Operation Nightstick", ja: "2. 警棒作戦" },
      s3: { en: "3. Raid!", ja: "3. 襲撃!" },
      s4: { en: "4. Nusku Assault", ja: "4. ヌスク強襲" },
      s5: { en: "5. Armageddon", ja: "5. アルマゲドン" },
      s6: { en: "6. The First Interstellar War", ja: "6. 第1次恒星間戦争" },
      s7: { en: "7. Earth's Challenge", ja: "7. 地球の挑戦" },
      s8: { en: "8. Triumphant Earth", ja: "8. 勝ち誇る地球" },
      campaign: { en: "Campaign game", ja: "キャンペーンゲーム" },
    },
  },

  targets(action, view) {
    if (view && betweenBattles(view.board)) return warTargets(action, view);
    if ("place" in action) return { piece: action.place, hex: action.area };
    if ("enter" in action) return { piece: action.enter, hex: action.to };
    if ("move" in action) return { piece: action.move, hex: action.to };
    if ("launch" in action) return { piece: action.from, button: true };
    if ("recover" in action) return { piece: action.recover, hex: `unit:${action.to}` };
    if ("retreat" in action) return { piece: action.retreat, button: true };
    if ("fire" in action) return { piece: action.fire, hex: `unit:${action.at}` };
    if ("volley" in action) return { piece: `area:${action.volley}`, hex: action.at };
    if ("hit" in action) return { piece: action.hit };
    if ("bombard" in action) return { piece: action.bombard };
    if ("intercept" in action) return { piece: action.intercept, hex: `unit:${action.at}` };
    if ("deploy" in action) return { piece: action.deploy, hex: action.hex };
    if ("land" in action) return { piece: action.land, hex: action.hex };
    if ("load" in action) return { piece: action.load, hex: `unit:${action.onto}` };
    return null;
  },

  prompt(view, seat) {
    if (view.over) return null;
    if (betweenBattles(view.board)) return warPrompt(view, seat, SIDES);
    const board = view.board;
    const step = stepOf(board);
    if (seat == null || !view.to_act.includes(seat)) {
      return t("imp.p.wait", { who: view.to_act.map((p) => pick(side(p).name)).join(", ") });
    }
    const weapon = step.weapon === "torpedoes" ? t("imp.torpedoes") : t("imp.beams");
    return t(`imp.p.${step.kind}`, { n: step.number ?? "", weapon });
  },

  pieceName(piece, view) {
    const text = String(piece);
    if (betweenBattles(view.board)) return warPieceName(text, view);
    if (text.startsWith("area:")) return text.slice(5);
    return unitName(view.board, text);
  },

  mount(host) {
    document.head.append(h("style", { "data-imperium": "" }, STYLE + WAR_STYLE));
    const root = h("div", { class: "imp-board" });
    const space = h("div", { class: "imp-space" });
    const holder = h("div", { class: "imp-map" });
    const strips = h("div", { class: "imp-strips" });
    const galaxyRoot = h("div", { class: "imp-war" });
    root.append(galaxyRoot, space, strips, holder);
    host.board.append(root);
    const status = host.panel("imp-status", "imp.status");
    const forces = host.panel("imp-forces", "imp.forces");
    const oddsPanel = host.panel("imp-odds", "imp.odds");
    host.showPanel("imp-odds", false);
    const odds = new Map(); // "seat|version|shooter" -> {status, answer | message}
    let focus = null; // the ship whose ranges are lit (any side's: a player looks)
    let frame = null;
    let map = null; // the planet map, made on the first planetary view (zoom and pan kept)
    let shown = null; // the board part 1's views draw: the view's, or a war battle's part of it
    const galaxy = new GalaxyView(host, galaxyRoot, { sides: SIDES, values });

    function chip(board, uid, decision, interactive, lit) {
      const unit = board.units[uid];
      const kind = typeOf(board, uid);
      const hidden = secretCargo(board, uid) && unit.side !== frame.seat;
      const fighters = Object.entries(board.units).filter(([, u]) => u.aboard === uid && board.printed.types[u.type]?.code === "F");
      const classes = [
        "imp-ship",
        unit.damaged && "imp-damaged",
        interactive && decision.isSelectable(uid) && "selectable",
        decision.selected === uid && "selected",
        lit.has(`unit:${uid}`) && "lit",
      ];
      const title = [
        `${unitName(board, uid)} (${pick(side(unit.side).name)})`,
        kind ? pick(kind.name) : "",
        values(board, uid),
        unit.damaged ? t("imp.damaged") : "",
        hidden ? t("imp.secret") : unit.aboard ? t("imp.aboard", { ship: unit.aboard }) : "",
        fighters.length ? t("imp.fighters", { n: fighters.length }) : "",
      ].filter(Boolean).join(" · ");
      return h(
        "div",
        {
          class: classes,
          "data-counter": uid,
          title,
          style: { background: side(unit.side).colour },
          onclick: (event) => {
            event.stopPropagation();
            if (board.battle?.areas?.[uid] != null) focus = focus === uid ? null : uid;
            // a counter in a lit area stands for the area (decision.js: the lit hex first)
            if (interactive && lit.has(`unit:${uid}`)) decision.clickHex(`unit:${uid}`);
            else if (interactive) decision.clickPiece(uid, board.battle?.areas?.[uid]);
            draw();
          },
        },
        h("div", { class: "imp-code" }, `${kind?.code ?? "?"} ${uid}`, fighters.length ? ` +${fighters.length}F` : ""),
        h("div", {}, values(board, uid)),
      );
    }

    function ranges(board) {
      const at = focus && board.battle?.areas?.[focus];
      if (!at) return null;
      const kind = typeOf(board, focus);
      const beam = kind?.class === CAPITAL ? 2 : 1;
      return { at, beam, torpedo: 3 };
    }

    function drawSpace(board, decision, interactive, lit) {
      const battle = board.battle;
      const geometry = board.printed.board;
      const reach = ranges(board);
      const byArea = {};
      for (const [uid, area] of Object.entries(battle.areas)) (byArea[area] ||= []).push(uid);
      const levels = h("div", { class: "imp-levels" });
      for (let lv = 1; lv <= geometry.levels; lv++) {
        const grid = h("div", { class: "imp-grid", "data-level": lv });
        for (let row = 1; row <= geometry.rows; row++) {
          for (let col = 1; col <= geometry.columns; col++) {
            const area = `${lv}${row}${col}`;
            const planet = battle.planet && area === geometry.planet;
            const d = reach ? distance(reach.at, area) : null;
            const classes = [
              "imp-area",
              planet && "imp-planet",
              lit.has(area) && "lit",
              reach && d <= reach.beam && "imp-beam",
              reach && d <= reach.torpedo && "imp-torp",
            ];
            grid.append(
              h(
                "div",
                {
                  class: classes,
                  "data-area": area,
                  title: planet ? `${area} (${t("imp.planet")})` : area,
                  onclick: () => {
                    if (!interactive) return;
                    if (lit.has(area)) decision.clickHex(area);
                    else if (decision.isSelectable(`area:${area}`)) decision.clickPiece(`area:${area}`);
                    else decision.clear();
                  },
                },
                h("span", { class: "imp-label" }, area),
                (byArea[area] || []).map((uid) => chip(board, uid, decision, interactive, lit)),
              ),
            );
          }
        }
        levels.append(h("div", { class: "imp-level" }, h("h3", {}, t("imp.level", { n: lv })), grid));
      }
      space.append(levels);
      if (reach) space.append(h("p", { class: "muted small" }, t("imp.ranges", { ship: unitName(board, focus) })));
      const unplaced = (battle.groups || []).flatMap((g) => g.units).filter((uid) => board.units[uid] && battle.areas[uid] == null && battle.waiting[uid] == null && !Object.values(battle.left).flat().includes(uid));
      if (unplaced.length) strips.append(strip(t("imp.setup"), unplaced, board, decision, interactive, lit));
      const waiting = Object.keys(battle.waiting);
      if (waiting.length) strips.append(strip(t("imp.waiting"), waiting, board, decision, interactive, lit));
      const left = Object.values(battle.left).flat().filter((uid) => board.units[uid]);
      if (left.length) strips.append(strip(t("imp.left"), left, board, decision, interactive, lit));
    }

    function strip(title, uids, board, decision, interactive, lit) {
      return h(
        "div",
        { class: "imp-strip", "data-strip": title },
        h("h3", {}, title),
        uids.map((uid) => chip(board, uid, decision, interactive, lit)),
      );
    }

    function drawPlanet(board, decision, interactive, lit) {
      const battle = board.battle;
      map ||= new HexMap(holder, { orientation: "flat", parity: "odd", firstColumn: "A", firstRow: 1, size: 46 });
      const stacks = {};
      for (const [uid, where] of Object.entries(battle.hexes)) {
        const unit = board.units[uid];
        (stacks[where] ||= []).push({
          id: uid,
          colour: side(unit.side).colour,
          top: typeOf(board, uid)?.code,
          middle: values(board, uid),
          bottom: uid,
          dim: unit.damaged,
          selectable: interactive && decision.isSelectable(uid),
          selected: decision.selected === uid,
          class: lit.has(`unit:${uid}`) ? "lit" : null,
          title: `${unitName(board, uid)} (${pick(side(unit.side).name)}) ${values(board, uid)}`,
        });
      }
      map.render({
        label: pick(board.printed.scenario.planet),
        hexes: board.printed.map.hexes.map((label) => ({ label, terrain: "clear" })),
        stacks,
        lit: interactive ? lit : new Set(),
        onHex: (label) => interactive && decision.clickHex(label),
        onCounter: (counter, label) => {
          if (!interactive) return;
          if (lit.has(`unit:${counter.id}`)) decision.clickHex(`unit:${counter.id}`);
          else decision.clickPiece(counter.id, label);
        },
      });
      const off = Object.keys(board.units).filter((uid) => battle.hexes[uid] == null);
      const orbit = off.filter((uid) => board.units[uid].side === battle.invader);
      const box = off.filter((uid) => board.units[uid].side !== battle.invader);
      if (orbit.length) strips.append(strip(t("imp.orbit"), orbit, board, decision, interactive, lit));
      if (box.length) strips.append(strip(t("imp.box"), box, board, decision, interactive, lit));
    }

    function drawStatus(board) {
      clear(status);
      const printed = board.printed.scenario;
      const battle = board.battle;
      status.append(h("p", {}, h("strong", {}, `${printed.number}. ${pick(printed.name)}`)));
      status.append(h("p", { class: "small" }, pick(printed.victory)));
      const place = isWar(frame.board) && battle ? battlePlace(frame.board) : null;
      if (place) status.append(h("p", { "data-battle-at": "" }, t("imw.battleAt", { place })));
      if (battle) {
        status.append(h("p", {}, t("imp.round", { n: battle.round, of: battle.rounds })));
        if (battle.initiative) status.append(h("p", {}, t("imp.initiative", { who: pick(side(battle.initiative).name) })));
        const mover = battle.mover || battle.invader;
        if (mover) status.append(h("p", {}, t("imp.mover", { who: pick(side(mover).name) })));
      }
    }

    function drawForces(board) {
      clear(forces);
      forces.append(h("p", { class: "muted small" }, t("imp.values")));
      for (const [id, s] of Object.entries(SIDES)) {
        const mine = Object.keys(board.units).filter((uid) => board.units[uid].side === id);
        const table = h("table", { class: "imp-forces" });
        for (const uid of mine) {
          const unit = board.units[uid];
          const where =
            board.battle?.areas?.[uid] ??
            board.battle?.hexes?.[uid] ??
            (secretCargo(board, uid) ? t("imp.secret") : unit.aboard ? t("imp.aboard", { ship: unit.aboard }) : "");
          table.append(
            h(
              "tr",
              { "data-unit": uid },
              h("td", {}, unitName(board, uid)),
              h("td", {}, values(board, uid)),
              h("td", {}, unit.damaged ? t("imp.damaged") : ""),
              h("td", {}, where),
            ),
          );
        }
        forces.append(h("h3", { style: { color: s.colour } }, pick(s.name)), mine.length ? table : h("p", {}, t("imp.noShips")));
      }
    }

    // The exact odds of the focused ship's (or planet unit's) fire at each enemy it reaches,
    // as the server works them out (rules 12.6-12.8, 13.4), asked once a version.
    // Whether `shooter` reaches an enemy now (12.6, 12.7; 13.4: in its hex): only then are
    // the odds asked for.
    function reaches(board, shooter) {
      const battle = board.battle;
      const face = faceOf(board, shooter);
      const mine = board.units[shooter]?.side;
      if (!battle || !face) return false;
      if (battle.kind === "planetary") {
        const here = battle.hexes[shooter];
        return Object.entries(battle.hexes).some(([uid, hex]) => hex === here && board.units[uid].side !== mine);
      }
      const at = battle.areas[shooter];
      if (at == null) return false;
      const beam = face.beam ? (typeOf(board, shooter).class === CAPITAL ? 2 : 1) : -1;
      const reach = Math.max(beam, face.torpedo ? 3 : -1);
      return Object.entries(battle.areas).some(([uid, area]) => board.units[uid].side !== mine && distance(at, area) <= reach);
    }

    function drawOdds(shooter) {
      clear(oddsPanel);
      const asked = shooter != null && frame.version != null && reaches(shown, shooter);
      host.showPanel("imp-odds", asked);
      if (!asked) return;
      const key = `${frame.seat ?? ""}|${frame.version}|${shooter}`;
      if (!odds.has(key)) {
        odds.set(key, { status: "loading" });
        host.odds({ shooter }).then(
          (answer) => {
            odds.set(key, { status: "ok", answer });
            draw();
          },
          (error) => {
            odds.set(key, { status: "error", message: String(error.message || error) });
            draw();
          },
        );
        while (odds.size > 40) odds.delete(odds.keys().next().value);
      }
      const found = odds.get(key);
      oddsPanel.append(h("div", { class: "panel-sub" }, t("imp.oddsOf", { ship: unitName(shown, shooter) })));
      if (found.status === "loading") oddsPanel.append(h("p", { class: "muted" }, t("imp.oddsLoading")));
      else if (found.status === "error") oddsPanel.append(h("p", { class: "muted" }, found.message));
      else if (!found.answer.data.rows.length) oddsPanel.append(h("p", { class: "muted" }, pick(found.answer.text)));
      else {
        oddsPanel.append(
          h(
            "ul",
            { class: "imp-odds" },
            found.answer.data.rows.map((row) => h("li", { "data-target": row.target }, h("strong", {}, pick(row.label)), " — ", pick(row.note))),
          ),
        );
      }
    }

    function draw() {
      if (!frame) return;
      const { decision, interactive } = frame;
      root.dataset.version = String(frame.version ?? ""); // the view drawn (tests wait for it)
      const war = isWar(frame.board);
      const mapped = betweenBattles(frame.board);
      root.dataset.mode = mapped ? "map" : "battle";
      clear(space);
      clear(strips);
      galaxyRoot.hidden = !mapped;
      space.hidden = strips.hidden = mapped;
      host.showPanel("imp-status", !mapped);
      host.showPanel("imp-forces", !mapped);
      host.showPanel("imw-war", war);
      host.showPanel("imw-fleets", war);
      if (war) galaxy.update(frame, { map: mapped });
      if (mapped) {
        holder.hidden = true;
        focus = null;
        host.showPanel("imp-odds", false);
        return;
      }
      const board = (shown = war ? battleBoard(frame.board) : frame.board);
      holder.hidden = board.battle?.kind !== "planetary";
      if (focus && !board.battle?.areas?.[focus]) focus = null;
      if (decision.selected && board.battle?.areas?.[decision.selected]) focus = decision.selected;
      const lit = interactive ? decision.lit() : new Set();
      if (board.battle?.kind === "planetary") drawPlanet(board, decision, interactive, lit);
      else if (board.battle) drawSpace(board, decision, interactive, lit);
      drawStatus(board);
      drawForces(board);
      const onMap = board.battle?.hexes?.[decision.selected] != null ? decision.selected : null;
      drawOdds(focus ?? onMap);
    }

    return {
      update(next) {
        frame = next;
        draw();
      },
    };
  },
};
