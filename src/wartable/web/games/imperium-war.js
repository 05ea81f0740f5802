// IMPERIUM's galactic war (scenarios 6-8 and the campaign game): the galactic map, the fleet
// sheets, the tracks and the decisions of the war, for games/imperium.js. While a battle of the
// war is under way imperium.js draws it with part 1's combat view (`battleShown`,
// `battleBoard`); between battles it draws this map.
//
// Everything drawn comes from the seat's view: `board.war` (fleet markers, World and Outpost
// markers, tracks, the segment under way) and `board.units` (one's own units, and only those of
// the other side the view still shows: seen in a battle, or in plain sight). An enemy fleet is
// its marker alone unless the view carries some of its units. Each system stands at its printed
// hex (`printed.systems[id].hex`, "I06") with its star type (`.star`); `printed.routes` lists
// the jump routes ([[a, b], ...]).

import { renderTrack, renderStages } from "../js/render/tracks.js";
import { h, s, clear } from "../js/dom.js";
import { t, pick } from "../js/i18n.js";

// The steps the war itself waits on; any other step while `board.battle` is set is part 1's.
const WAR_STEPS = new Set([
  "setup",
  "appeal",
  "build",
  "segment",
  "orders",
  "upkeep",
  "scrap",
  "repair",
  "reinforce",
  "gift",
  "crisis",
  "screen",
  "retreat",
  "reorganise",
]);

// The phases of a turn (4.0), in order, for the phase strip; the view names the current one.
const PHASES = [
  "setup",
  "interference",
  "appeal",
  "income",
  "reinforcements",
  "construction",
  "segment_1",
  "segment_2",
  "segment_3",
  "segment_4",
  "maintenance",
  "scrapping",
  "repair",
  "prestige",
];

const STAR_COLOURS = { O: "#9bb0ff", B: "#aabfff", A: "#f4f6ff", F: "#fff6d8", G: "#ffe27a", K: "#ffb561", M: "#ff7f5c" };
const PLAIN_STAR = "#d9dde6";
const HEX = 28; // the galactic map's hex radius, in SVG units
const SQRT3 = Math.sqrt(3);

export const warStrings = {
  en: {
    "imw.war": "Galactic war",
    "imw.battleAt": "Battle at {place}",
    "imw.fleets": "Fleets",
    "imw.turn": "Turn {n}",
    "imw.warTurn": "war {war}, war turn {n}",
    "imw.peace": "peace: {n} turns left",
    "imw.turnTrack": "Turn record track (units due)",
    "imw.phase": "Phase",
    "imw.prestige": "Prestige",
    "imw.net": "change this turn: {n}",
    "imw.resources": "Resources",
    "imw.stockpile": "{side}: {n}",
    "imw.budget": "Imperial budget: {n}",
    "imw.recession": "Recession: {n}",
    "imw.event": "Event: {name}",
    "imw.warships": "said on contact: warships",
    "imw.noWarships": "said on contact: only fighters, scouts, auxiliaries",
    "imw.civilWar": "Imperial civil war this turn",
    "imw.permissions": "The Imperium may build: {list}",
    "imw.segment": "Segment: {who} to act; actions left {left}",
    "imw.activated": "Activated: {system}",
    "imw.toAct": "To decide: {who}",
    "imw.ended": "The war has ended: {who}",
    "imw.yours": "Your fleets",
    "imw.theirs": "Other fleets",
    "imw.boxes": "Your planet boxes",
    "imw.pool": "Not yet on the map",
    "imw.unknown": "contents unknown",
    "imw.moved": "moved",
    "imw.at": "at {where}",
    "imw.none": "none",
    "imw.world": "World",
    "imw.outpost": "Outpost",
    "imw.worldMark": "W",
    "imw.outpostMark": "O",
    "imw.star": "star type {star}",
    "imw.deep": "deep space {hex}",
    "imw.p.setup": "Set up: click a unit under Not yet on the map, then a lit system; or set up the rest from the list.",
    "imw.p.appeal": "Appeal to the Emperor, or pass.",
    "imw.p.build": "Construction: build from the list; done when finished.",
    "imw.p.segment": "Action segment: click a lit system to activate it, or pass.",
    "imw.p.orders": "Orders in {system}: click a fleet, then a lit system; other orders from the list; done when finished.",
    "imw.p.upkeep": "Maintenance: pay, or choose the units left unpaid.",
    "imw.p.scrap": "Scrapping: choose the units to scrap, or done.",
    "imw.p.repair": "Repair: choose the ships to repair, or done.",
    "imw.p.reinforce": "Reinforcements: click an arriving unit, then a lit system.",
    "imw.p.gift": "The Emperor's gift: choose it from the list.",
    "imw.p.crisis": "Crisis: choose from the list.",
    "imw.p.screen": "Reconnaissance: screen with destroyers, or not.",
    "imw.p.retreat": "Retreat: click the fleet, then a lit system.",
    "imw.p.reorganise": "Reorganise your fleets after the battle, then done.",
    "imw.p.other": "Choose from the list.",
    "imw.ph.setup": "Set-up",
    "imw.ph.interference": "Interference",
    "imw.ph.appeal": "Appeal",
    "imw.ph.income": "Income",
    "imw.ph.reinforcements": "Reinforcements",
    "imw.ph.construction": "Construction",
    "imw.ph.segment_1": "Segment 1",
    "imw.ph.segment_2": "Segment 2",
    "imw.ph.segment_3": "Segment 3",
    "imw.ph.segment_4": "Segment 4",
    "imw.ph.maintenance": "Maintenance",
    "imw.ph.scrapping": "Scrapping",
    "imw.ph.repair": "Repair",
    "imw.ph.prestige": "Prestige",
    "imw.ph.peace": "Peace",
    "imw.ph.over": "Over",
  },
  ja: {
    "imw.war": "銀河戦争",
    "imw.battleAt": "{place}での戦闘",
    "imw.fleets": "艦隊",
    "imw.turn": "ターン{n}",
    "imw.warTurn": "第{war}次戦争、戦争ターン{n}",
    "imw.peace": "平和: 残り{n}ターン",
    "imw.turnTrack": "ターン記録トラック(到着予定のユニット)",
    "imw.phase": "フェイズ",
    "imw.prestige": "功績",
    "imw.net": "このターンの増減: {n}",
    "imw.resources": "資源",
    "imw.stockpile": "{side}: {n}",
    "imw.budget": "帝国の予算: {n}",
    "imw.recession": "不況: {n}",
    "imw.event": "イベント: {name}",
    "imw.warships": "接触時の申告: 戦闘艦あり",
    "imw.noWarships": "接触時の申告: 戦闘機・偵察艦・補助艦のみ",
    "imw.civilWar": "このターンは帝国の内乱",
    "imw.permissions": "帝国が建造できる艦: {list}",
    "imw.segment": "セグメント: {who}の番、残りアクション {left}",
    "imw.activated": "活性化した星系: {system}",
    "imw.toAct": "決定する側: {who}",
    "imw.ended": "戦争終了: {who}",
    "imw.yours": "自軍の艦隊",
    "imw.theirs": "その他の艦隊",
    "imw.boxes": "自軍の惑星ボックス",
    "imw.pool": "まだマップにいないユニット",
    "imw.unknown": "内容は不明",
    "imw.moved": "移動済み",
    "imw.at": "{where}",
    "imw.none": "なし",
    "imw.world": "ワールド",
    "imw.outpost": "前哨基地",
    "imw.worldMark": "W",
    "imw.outpostMark": "O",
    "imw.star": "恒星型{star}",
    "imw.deep": "深宇宙 {hex}",
    "imw.p.setup": "配置: 「まだマップにいないユニット」をクリックし、光っている星系へ。残りは一覧からまとめて配置。",
    "imw.p.appeal": "皇帝に嘆願するか、パスする。",
    "imw.p.build": "建造: 一覧から建造する。終わったら終了。",
    "imw.p.segment": "アクションセグメント: 光っている星系をクリックして活性化するか、パスする。",
    "imw.p.orders": "{system}での命令: 艦隊をクリックし、光っている星系へ。その他の命令は一覧から。終わったら終了。",
    "imw.p.upkeep": "維持: 支払うか、支払わないユニットを選ぶ。",
    "imw.p.scrap": "廃棄: 廃棄するユニットを選ぶか、終了。",
    "imw.p.repair": "修理: 修理する艦を選ぶか、終了。",
    "imw.p.reinforce": "増援: 到着したユニットをクリックし、光っている星系へ。",
    "imw.p.gift": "皇帝の贈り物: 一覧から選ぶ。",
    "imw.p.crisis": "危機: 一覧から選ぶ。",
    "imw.p.screen": "偵察: 駆逐艦で妨害するかどうか。",
    "imw.p.retreat": "退却: 艦隊をクリックし、光っている星系へ。",
    "imw.p.reorganise": "戦闘後の艦隊の再編成。終わったら終了。",
    "imw.p.other": "一覧から選ぶ。",
    "imw.ph.setup": "配置",
    "imw.ph.interference": "干渉",
    "imw.ph.appeal": "嘆願",
    "imw.ph.income": "収入",
    "imw.ph.reinforcements": "増援",
    "imw.ph.construction": "建造",
    "imw.ph.segment_1": "セグメント1",
    "imw.ph.segment_2": "セグメント2",
    "imw.ph.segment_3": "セグメント3",
    "imw.ph.segment_4": "セグメント4",
    "imw.ph.maintenance": "維持",
    "imw.ph.scrapping": "廃棄",
    "imw.ph.repair": "修理",
    "imw.ph.prestige": "功績",
    "imw.ph.peace": "平和",
    "imw.ph.over": "終了",
  },
};

export const WAR_STYLE = `
.imp-galaxy { position: relative; }
.imp-galaxy svg { display: block; width: 100%; height: auto; max-height: 74vh; background: #0b1020; border-radius: 6px; }
.imp-galaxy .imp-route { stroke: #3f8f5a; stroke-width: 2; }
.imp-galaxy .imp-system { cursor: default; }
.imp-galaxy .imp-system.lit { cursor: pointer; }
.imp-galaxy .imp-system .imp-halo { fill: transparent; stroke: transparent; stroke-width: 3; }
.imp-galaxy .imp-system.active .imp-halo { stroke: #7fd6ff; stroke-dasharray: 3 2; }
.imp-galaxy .imp-system.lit .imp-halo { fill: rgba(255, 214, 107, .18); stroke: #ffd66b; stroke-dasharray: none; }
.imp-galaxy .imp-star { stroke: #0b1020; stroke-width: 1; }
.imp-galaxy .imp-star-type { font-size: 7px; font-weight: 700; fill: #111; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.imp-galaxy .imp-name { font-size: 8.5px; fill: #dfe6f3; text-anchor: middle; pointer-events: none; paint-order: stroke; stroke: #0b1020; stroke-width: 2.5px; }
.imp-galaxy .imp-planet-mark rect { stroke: #0b1020; stroke-width: .8; }
.imp-galaxy .imp-planet-mark text { font-size: 6px; font-weight: 700; fill: #fff; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.imp-galaxy .imp-fleet rect { stroke: rgba(0, 0, 0, .5); stroke-width: 1; }
.imp-galaxy .imp-fleet text { font-size: 6.5px; font-weight: 700; fill: #fff; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.imp-galaxy .imp-fleet.selectable rect { stroke: #ffd66b; stroke-width: 1.6; cursor: pointer; }
.imp-galaxy .imp-fleet.selected rect { stroke: #fff; stroke-width: 2.2; }
.imp-fleet-sheet { margin: 6px 0; font-size: 12px; }
.imp-fleet-sheet h4 { margin: 6px 0 2px; font-size: 12.5px; }
.imp-fleet-sheet ul { margin: 0; padding-left: 16px; }
.imp-fleet-sheet li { margin: 1px 0; }
button.imp-unit { display: inline; min-height: 0; border: 1px solid transparent; background: none; padding: 0 3px; font: inherit; color: inherit; text-align: left; border-radius: 3px; }
button.imp-unit:disabled { opacity: 1; }
button.imp-unit.selectable { border-color: #d9a520; }
button.imp-unit.selected { background: #ffe9a8; }
.imp-war-facts p { margin: 3px 0; font-size: 12.5px; }
`;

const side = (sides, id) => sides[id] || { colour: "#55606e", name: { en: id, ja: id } };

export function isWar(board) {
  return board != null && board.war != null;
}

// A battle of the war is drawn with part 1's view while one of its steps is due; the war's own
// steps that follow a battle (a retreat, reorganising the fleets) are chosen on the map.
export function battleShown(board) {
  const battle = board.battle;
  if (!battle || !(battle.areas || battle.hexes)) return false;
  return !WAR_STEPS.has(board.step?.kind);
}

// The planet a planet box or planet id belongs to, as its system's id.
function systemOfPlanet(printed, planet) {
  for (const [sid, system] of Object.entries(printed.systems)) if (system.planets.includes(planet)) return sid;
  return null;
}

// "sol", "system:sol", "box:sol_1", "sol_1" or "deep:K05" -> the map key of that place.
function placeKey(printed, where) {
  if (where == null) return null;
  const text = String(where);
  const [kind, rest] = text.includes(":") ? [text.slice(0, text.indexOf(":")), text.slice(text.indexOf(":") + 1)] : ["", text];
  if (kind === "deep") return text;
  if (kind === "system" || (!kind && printed.systems[rest])) return rest;
  if (kind === "box" || !kind) return systemOfPlanet(printed, rest);
  return null;
}

export function planetName(printed, planet) {
  const sid = systemOfPlanet(printed, planet);
  if (!sid) return planet;
  const system = printed.systems[sid];
  const name = pick(system.name);
  return system.planets.length > 1 ? `${name} ${system.planets.indexOf(planet) + 1}` : name;
}

export function placeName(printed, where) {
  const text = String(where ?? "");
  if (text.startsWith("deep:")) return t("imw.deep", { hex: text.slice(5) });
  if (text.startsWith("box:")) return planetName(printed, text.slice(4));
  const key = placeKey(printed, text);
  return key && printed.systems[key] ? pick(printed.systems[key].name) : text;
}

// Part 1's view draws a battle from `board.units`, `printed.map` and `printed.scenario.planet`:
// the war's board cut down to the battle's units (with what they carry) and its planet.
export function battleBoard(board) {
  const battle = board.battle;
  const units = board.units;
  const inside = new Set();
  if (battle.kind === "space") {
    for (const group of battle.groups || []) for (const uid of group.units) inside.add(uid);
    for (const uid of Object.keys(battle.areas || {})) inside.add(uid);
    for (const uid of Object.keys(battle.waiting || {})) inside.add(uid);
    for (const uids of Object.values(battle.left || {})) for (const uid of uids) inside.add(uid);
  } else {
    const places = new Set([...(battle.fleets || []), battle.box]);
    for (const [uid, unit] of Object.entries(units)) if (places.has(unit.at)) inside.add(uid);
    for (const uid of Object.keys(battle.hexes || {})) inside.add(uid);
  }
  // what those units carry, however deep; and the battle's secret cargo (11.5, ruling I40),
  // which the view keeps aboard "hidden" transports and part 1's view draws as such
  for (const [uid, unit] of Object.entries(units)) if (unit.aboard === "hidden") inside.add(uid);
  let grown = true;
  while (grown) {
    grown = false;
    for (const [uid, unit] of Object.entries(units)) {
      if (!inside.has(uid) && unit.aboard != null && inside.has(unit.aboard)) {
        inside.add(uid);
        grown = true;
      }
    }
  }
  const shown = Object.fromEntries(Object.entries(units).filter(([uid]) => inside.has(uid)));
  const planet = battle.planet && battle.planet !== true ? battle.planet : null;
  const printed = board.printed;
  return {
    ...board,
    units: shown,
    printed: {
      ...printed,
      map: { hexes: planet ? printed.maps?.[planet] || [] : [] },
      scenario: { ...printed.scenario, planet: planet ? planetName(printed, planet) : "" },
    },
  };
}

// What the fleet's side said of it on contact (11.3), kept until it next moves or regroups.
function disclosure(war, fid) {
  const said = war.disclosed?.[fid];
  return said == null ? "" : t(said ? "imw.warships" : "imw.noWarships");
}

// Where a battle of the war is fought: the planet attacked, or the system of a fleet in it.
export function battlePlace(board) {
  const battle = board.battle;
  if (typeof battle.planet === "string") return planetName(board.printed, battle.planet);
  for (const group of battle.groups || []) {
    const fleet = String(group.fleet ?? "");
    if (fleet.startsWith("fleet:") && board.war.fleets[fleet.slice(6)]) return placeName(board.printed, board.war.fleets[fleet.slice(6)].system);
    if (fleet.startsWith("box:")) return placeName(board.printed, fleet);
  }
  return null;
}

// What a war action points at on the map: a fleet and a system, a unit of a sheet, a system.
export function warTargets(action, view) {
  const printed = view.board.printed;
  const fleet = (id) => String(id).replace(/^fleet:/, "");
  if ("jump" in action) return { piece: action.jump, hex: placeKey(printed, action.to) };
  if ("deep" in action) return { piece: action.deep, hex: placeKey(printed, action.to) };
  if ("retreat" in action && "to" in action) return { piece: fleet(action.retreat), hex: placeKey(printed, action.to) };
  if ("place" in action && "at" in action) return { piece: action.place, hex: placeKey(printed, action.at) };
  if ("activate" in action) return { hex: placeKey(printed, action.activate) };
  if ("attack" in action) return { hex: placeKey(printed, action.attack) };
  if ("halt" in action) return { piece: action.halt, button: true };
  for (const key of ["regroup", "load", "unload", "shift", "scrap", "repair", "unpaid"]) {
    if (key in action && typeof action[key] === "string") return { piece: action[key], button: true };
  }
  return null;
}

export function warPrompt(view, seat, sides) {
  const board = view.board;
  const kind = board.step?.kind;
  if (seat == null || !view.to_act.includes(seat)) {
    return t("imp.p.wait", { who: view.to_act.map((p) => pick(side(sides, p).name)).join(", ") });
  }
  if (!WAR_STEPS.has(kind)) return t("imw.p.other");
  const system = board.war.segment?.system;
  return t(`imw.p.${kind}`, { system: system ? placeName(board.printed, system) : "" });
}

export function warPieceName(piece, view) {
  const board = view.board;
  if (board.war.fleets[piece]) return `${piece} (${placeName(board.printed, board.war.fleets[piece].system)})`;
  const unit = board.units[piece];
  const kind = unit && board.printed.types[unit.type];
  return kind ? `${kind.code} ${piece}` : String(piece);
}

// Where each system stands on the map: its printed hex (flat-topped hexes, columns B, D, F...
// half a hex lower, 3.2). Stars of one hex stand side by side, the second named above its star
// so that the names do not meet.
function layout(printed) {
  const ids = Object.keys(printed.systems);
  const spot = {};
  for (const sid of ids) spot[sid] = hexCentre(printed.systems[sid].hex);
  const together = {};
  for (const sid of ids) (together[`${spot[sid].x},${spot[sid].y}`] ||= []).push(sid);
  for (const group of Object.values(together)) {
    group.forEach((sid, i) => {
      spot[sid] = { x: spot[sid].x + (i - (group.length - 1) / 2) * 32, y: spot[sid].y, above: i % 2 === 1 };
    });
  }
  return { spot };
}

function hexCentre(label) {
  const match = /^([A-Z]+)(\d+)$/.exec(String(label));
  if (!match) return null;
  const col = match[1].charCodeAt(0) - 65;
  const row = Number(match[2]) - 1;
  return { x: 40 + col * 1.5 * HEX, y: 40 + row * SQRT3 * HEX + (col % 2 === 1 ? (SQRT3 / 2) * HEX : 0) };
}

// The galactic map and the war's panels.
export class GalaxyView {
  constructor(host, root, { sides, values }) {
    this.sides = sides;
    this.values = values; // part 1's "beam/torpedo/screens(cm)" of a unit's face now up
    this.root = root;
    this.panels = {
      war: host.panel("imw-war", "imw.war"),
      fleets: host.panel("imw-fleets", "imw.fleets"),
    };
    host.showPanel("imw-war", false); // until a war's view comes (scenarios 1-5 never show them)
    host.showPanel("imw-fleets", false);
  }

  // The panels always in a war; the map only between battles (`map`).
  update(frame, { map }) {
    const { board, decision, interactive } = frame;
    const lit = interactive ? decision.lit() : new Set();
    if (map) this.drawMap(board, frame.seat, decision, interactive, lit);
    else clear(this.root);
    this.drawWar(frame);
    this.drawFleets(board, frame.seat, decision, interactive);
  }

  drawMap(board, seat, decision, interactive, lit) {
    const printed = board.printed;
    const war = board.war;
    const { spot } = layout(printed);
    const fleetsAt = {};
    const deep = {};
    for (const [fid, fleet] of Object.entries(war.fleets)) {
      let key = placeKey(printed, fleet.system);
      if (key && key.startsWith("deep:")) {
        deep[key] ||= hexCentre(key.slice(5));
      }
      if (key) (fleetsAt[key] ||= []).push([fid, fleet]);
    }
    const where = { ...spot, ...deep };
    const all = Object.values(where);
    const width = Math.max(...all.map((p) => p.x)) + 70;
    const height = Math.max(...all.map((p) => p.y)) + 70;
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("imw.war") });
    svg.addEventListener("click", () => interactive && decision.clear());
    for (const [a, b] of printed.routes) {
      if (spot[a] && spot[b]) svg.append(s("line", { class: "imp-route", x1: spot[a].x, y1: spot[a].y, x2: spot[b].x, y2: spot[b].y, "data-route": `${a}|${b}` }));
    }
    const active = war.segment?.system;
    for (const [key, at] of Object.entries(where)) {
      const system = printed.systems[key];
      const name = system ? pick(system.name) : t("imw.deep", { hex: key.slice(5) });
      const star = system?.star;
      const group = s("g", {
        class: ["imp-system", lit.has(key) && "lit", active === key && "active"],
        "data-system": key,
        transform: `translate(${at.x} ${at.y})`,
        onclick: (event) => {
          event.stopPropagation();
          if (!interactive) return;
          if (lit.has(key)) decision.clickHex(key);
          else decision.clear();
        },
      });
      group.append(
        s("title", {}, [name, star ? t("imw.star", { star }) : null].filter(Boolean).join(" · ")),
        s("circle", { class: "imp-halo", r: 13 }),
        system ? s("circle", { class: "imp-star", r: 6.5, fill: STAR_COLOURS[star] || PLAIN_STAR }) : s("circle", { class: "imp-star", r: 3, fill: "#555" }),
        star ? s("text", { class: "imp-star-type", y: 0.5 }, star) : null,
        s("text", { class: "imp-name", y: at.above ? -17 : 20 }, name), // a hex's second star: named above
      );
      (system?.planets || []).forEach((planet, i) => group.append(this.planetMark(printed, war, planet, i)));
      const count = { true: 0, false: 0 }; // standing and turned markers, each in a row of its own
      for (const [fid, fleet] of fleetsAt[key] || []) {
        group.append(this.fleetMark(fid, fleet, key, count[Boolean(fleet.moved)]++, disclosure(war, fid), decision, interactive));
      }
      svg.append(group);
    }
    const box = h("div", { class: "imp-galaxy" }, svg);
    clear(this.root).append(box);
  }

  // A planet box beside its star: the owner's World or Outpost marker, or an empty box.
  planetMark(printed, war, planet, i) {
    const held = war.planets[planet];
    const colour = held ? side(this.sides, held.owner).colour : "#2a3247";
    const letter = held ? t(held.marker === "world" ? "imw.worldMark" : "imw.outpostMark") : "";
    const label = [planetName(printed, planet), held ? `${t(held.marker === "world" ? "imw.world" : "imw.outpost")} (${pick(side(this.sides, held.owner).name)})` : null];
    return s(
      "g",
      { class: "imp-planet-mark", "data-planet": planet, "data-marker": held?.marker || "", "data-owner": held?.owner || "", transform: `translate(${10 + i * 10} -13)` },
      s("title", {}, label.filter(Boolean).join(" · ")),
      s("rect", { x: 0, y: 0, width: 9, height: 9, rx: held?.marker === "world" ? 4.5 : 1, fill: colour }),
      s("text", { x: 4.5, y: 4.8 }, letter),
    );
  }

  // A fleet marker at its star: its number in its side's colour, under the star's name, or
  // turned sideways beside the star once it has moved this segment (11.1). Nothing of what it
  // holds (that is on the fleet sheet, for its own side) but what was `said` of it on contact.
  fleetMark(fid, fleet, key, place, said, decision, interactive) {
    const selectable = interactive && decision.isSelectable(fid);
    const at = fleet.moved ? `translate(${-24 - place * 13} -6) rotate(90)` : `translate(0 ${31 + place * 13})`;
    return s(
      "g",
      {
        class: ["imp-fleet", selectable && "selectable", String(decision.selected) === fid && "selected"],
        "data-fleet": fid,
        "data-side": fleet.side,
        "data-moved": fleet.moved ? "true" : "false",
        transform: at,
        onclick: (event) => {
          event.stopPropagation();
          if (interactive) decision.clickPiece(fid, key);
        },
      },
      s("title", {}, [`${fid} (${pick(side(this.sides, fleet.side).name)})`, fleet.moved && t("imw.moved"), said].filter(Boolean).join(" · ")),
      s("rect", { x: -15, y: -5.5, width: 30, height: 11, rx: 2, fill: side(this.sides, fleet.side).colour }),
      s("text", { x: 0, y: 0.3 }, fid),
    );
  }

  drawWar({ view, board }) {
    const panel = this.panels.war;
    const war = board.war;
    const printed = board.printed;
    const name = (id) => pick(side(this.sides, id).name);
    clear(panel);
    const facts = h("div", { class: "imp-war-facts" });
    facts.append(h("p", {}, h("strong", {}, `${printed.scenario.number ?? ""}${printed.scenario.number != null ? ". " : ""}${pick(printed.scenario.name)}`)));
    facts.append(h("p", { class: "small" }, pick(printed.scenario.victory)));
    const turnText = [t("imw.turn", { n: war.turn })];
    if (war.war_turn != null) turnText.push(t("imw.warTurn", { war: war.war, n: war.war_turn }));
    if (war.peace != null) turnText.push(t("imw.peace", { n: war.peace }));
    facts.append(h("p", { "data-turn": war.turn }, turnText.join(" · ")));
    if (view.to_act.length) facts.append(h("p", { "data-to-act": view.to_act.join(",") }, t("imw.toAct", { who: view.to_act.map(name).join(", ") })));
    const segment = war.segment;
    if (segment) {
      const left = Object.entries(segment.actions || {}).map(([id, n]) => `${name(id)} ${n}`).join(", ");
      facts.append(h("p", { "data-segment": segment.turn }, t("imw.segment", { who: name(segment.turn), left })));
      if (segment.system) facts.append(h("p", {}, t("imw.activated", { system: placeName(printed, segment.system) })));
    }
    if (war.ended) facts.append(h("p", {}, h("strong", {}, t("imw.ended", { who: this.sides[war.ended] ? name(war.ended) : war.ended }))));
    panel.append(facts);
    const phase = h("div", { "data-phase": war.phase });
    renderStages(phase, {
      title: t("imw.phase"),
      stages: [...PHASES, ...(PHASES.includes(war.phase) ? [] : [war.phase])].map((id) => ({ id, label: t(`imw.ph.${id}`) === `imw.ph.${id}` ? id : t(`imw.ph.${id}`) })),
      current: war.phase,
    });
    panel.append(phase);
    // the turn record track: the units due each game turn, counted by side (9.0)
    const due = Object.entries(war.track || {}).map(([turn, entries]) => [Number(turn), entries]);
    const last = Math.max(war.turn + 2, ...due.map(([turn]) => turn));
    const markers = [];
    for (const [turn, entries] of due) {
      for (const id of Object.keys(this.sides)) {
        const n = entries.filter((e) => e.side === id).length;
        if (n) markers.push({ at: turn, label: String(n), colour: side(this.sides, id).colour, title: `${name(id)}: ${n}` });
      }
    }
    const track = h("div", { "data-track": "" });
    renderTrack(track, { title: t("imw.turnTrack"), from: Math.max(1, war.turn - 2), to: last, current: war.turn, markers });
    panel.append(track);
    const prestige = h("div", { "data-prestige": war.prestige });
    renderTrack(prestige, { title: t("imw.prestige"), from: 0, to: Math.max(10, war.prestige), current: war.prestige });
    panel.append(prestige);
    if (war.net) panel.append(h("p", { class: "small" }, t("imw.net", { n: war.net > 0 ? `+${war.net}` : war.net })));
    const money = h("div", { class: "imp-war-facts", "data-resources": "" }, h("div", { class: "panel-sub" }, t("imw.resources")));
    for (const [id, n] of Object.entries(war.resources || {})) money.append(h("p", { "data-side": id }, t("imw.stockpile", { side: name(id), n })));
    if (war.budget != null) money.append(h("p", {}, t("imw.budget", { n: war.budget })));
    if (war.recession) money.append(h("p", {}, t("imw.recession", { n: war.recession })));
    if (war.event) money.append(h("p", { "data-event": war.event }, t("imw.event", { name: printed.events?.[war.event] ? pick(printed.events[war.event]) : war.event })));
    if (war.civil_war) money.append(h("p", {}, t("imw.civilWar")));
    if (war.permissions?.length) money.append(h("p", { class: "small" }, t("imw.permissions", { list: war.permissions.join(", ") })));
    panel.append(money);
  }

  // The fleet sheets: the seat's fleets with their ships and cargo, its planet boxes and units
  // not yet on the map; the other fleets with only what the view shows of them.
  drawFleets(board, seat, decision, interactive) {
    const panel = this.panels.fleets;
    const printed = board.printed;
    const units = board.units;
    clear(panel);
    const carried = {};
    for (const [uid, unit] of Object.entries(units)) if (unit.aboard != null) (carried[unit.aboard] ||= []).push(uid);
    const item = (uid) => {
      const unit = units[uid];
      const kind = printed.types[unit.type];
      const label = [kind ? `${kind.code} ${uid}` : `${unit.type} ${uid}`, kind ? pick(kind.name) : "", this.values(board, uid), unit.damaged ? t("imp.damaged") : ""];
      const selectable = interactive && decision.isSelectable(uid);
      const inner = (carried[uid] || []).map(item);
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: ["imp-unit", selectable && "selectable", String(decision.selected) === uid && "selected"],
            "data-unit": uid,
            disabled: selectable ? null : true,
            onclick: () => decision.clickPiece(uid),
          },
          label.filter(Boolean).join(" · "),
        ),
        inner.length ? h("ul", {}, inner) : null,
      );
    };
    const at = (place) => Object.keys(units).filter((uid) => units[uid].at === place);
    const sheet = (title, uids, attrs = {}) =>
      h("div", { class: "imp-fleet-sheet", ...attrs }, h("h4", {}, title), uids.length ? h("ul", {}, uids.map(item)) : h("p", { class: "muted small" }, t("imw.unknown")));
    const fleets = Object.entries(board.war.fleets);
    const mine = fleets.filter(([, f]) => f.side === seat);
    const others = fleets.filter(([, f]) => f.side !== seat);
    const title = (fid, fleet) =>
      [`${fid} — ${t("imw.at", { where: placeName(printed, fleet.system) })}${fleet.moved ? ` (${t("imw.moved")})` : ""}`, disclosure(board.war, fid)].filter(Boolean).join(" · ");
    if (seat != null) {
      panel.append(h("div", { class: "panel-sub" }, t("imw.yours")));
      if (!mine.length) panel.append(h("p", { class: "muted small" }, t("imw.none")));
      for (const [fid, fleet] of mine) panel.append(sheet(title(fid, fleet), at(`fleet:${fid}`), { "data-fleet-sheet": fid }));
      const boxes = [...new Set(Object.values(units).filter((u) => u.side === seat && String(u.at).startsWith("box:")).map((u) => u.at))];
      if (boxes.length) {
        panel.append(h("div", { class: "panel-sub" }, t("imw.boxes")));
        for (const place of boxes) panel.append(sheet(placeName(printed, place), at(place).filter((uid) => units[uid].side === seat), { "data-box": place }));
      }
      const pool = Object.keys(units).filter((uid) => units[uid].side === seat && String(units[uid].at).startsWith("pool:"));
      if (pool.length) panel.append(sheet(t("imw.pool"), pool, { "data-pool": "" }));
    }
    if (others.length) {
      panel.append(h("div", { class: "panel-sub" }, t("imw.theirs")));
      for (const [fid, fleet] of others) {
        panel.append(sheet(`${title(fid, fleet)} · ${pick(side(this.sides, fleet.side).name)}`, at(`fleet:${fid}`), { "data-fleet-sheet": fid }));
      }
    }
  }
}
