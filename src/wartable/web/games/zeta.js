// The Zeta Gundam / ZZ strategic game's view (game id "zeta"), built from the shared renderers:
// the space map (with the Earth, the drop points, the Moon and the two boxes beside it) and the
// ground map (its east and west edges joined, rule 13.12), switchable; every stack as counters
// (a ship's MS listed after it, a damaged counter marked, characters with the unit they are
// aboard); the bases with their level and owner, and the colony once dropped (35); each
// faction's sheet (VP, armament points, factory, units to place, wounded boxes, stock); the
// turn track and the phases; the action deck's size, the cards drawn this turn and your own
// cards; the battle under way step by step with the hits to allot, the dice rolled in it and
// the exact hits of each side (the server's odds, once `Rules.odds` offers them).
//
// The current decision is played on the board: a move, a descent or a shift lights the hexes a
// clicked unit may go to; a battle, a base to deploy at or a hex to choose is a lit hex; an
// order about one unit (load, govern, recover, sortie, a hit...) selects it and the list shows
// its actions; everything else is a button in the page's list. Everything drawn here comes from
// the seat's view: other factions' cards are only counts, the deck only its size.

import { HexMap } from "../js/render/hexmap.js";
import { renderCards } from "../js/render/cards.js";
import { renderTrack, renderStages } from "../js/render/tracks.js";
import { diceFaces } from "../js/render/log.js";
import { h, clear } from "../js/dom.js";
import { t, pick } from "../js/i18n.js";

const FACTIONS = {
  aeug: { colour: "#b5403a", name: { en: "AEUG", ja: "エゥーゴ" } },
  titans: { colour: "#2d4a86", name: { en: "Titans", ja: "ティターンズ" } },
  neo_zeon: { colour: "#4f7d36", name: { en: "Neo Zeon", ja: "ネオ・ジオン" } },
};
const NEUTRAL = "#7d7668";
const CARD_TYPES = ["space", "ground", "atmosphere"]; // rule 12.1
const CARD_COLOURS = { space: "#26324d", ground: "#6b5a2e", atmosphere: "#3d7a8c" };
const PHASES = {
  character: { en: "Character", ja: "キャラクター" },
  armament: { en: "Armament", ja: "軍備" },
  deployment: { en: "Deployment", ja: "配置" },
  card: { en: "Card", ja: "カード" },
  action: { en: "Action", ja: "行動" },
};
const STEPS = {
  preparation: { en: "Preparation", ja: "戦闘準備" },
  air: { en: "Air combat", ja: "空中戦" },
  aa: { en: "AA fire", ja: "対空砲火" },
  bombing: { en: "Bombing", ja: "爆撃" },
  bombardment: { en: "Bombardment", ja: "砲撃戦" },
  decline: { en: "Governance decline", ja: "統治低下" },
};
const TERRAIN = {
  space: "#1d2538",
  moon: "#8d8f99",
  planet: "#3f6e8c",
  box: "#4a4a52",
  ocean: "#6aa0cc",
  coast: "#b9d4c3",
  land: "#d9cfa6",
};
// The step whose hits the battle panel shows the odds of (the preparation: the air combat next).
const ODDS_STEP = { preparation: "air", air: "air", aa: "aa", bombing: "bombing", bombardment: "bombardment" };
// The boxes lie beside the space map (30.1, 33.2): drawn as hexes west and east of it.
const BOX_LABELS = { jupiter: "Y5", belt: "Z5" };
const ON_MAP = /^(space|ground|box):/;

const strings = {
  en: {
    "zt.status": "Turn and phase",
    "zt.turn": "Turn",
    "zt.phase": "Phase",
    "zt.cards": "Action cards",
    "zt.deck": "Action deck: {n} cards",
    "zt.drawn": "Drawn this turn",
    "zt.current": "In play: {card}",
    "zt.hand": "Your cards in hand",
    "zt.kept": "Your cards in the deck",
    "zt.noCards": "none",
    "zt.factions": "Factions",
    "zt.vp": "VP",
    "zt.ap": "AP",
    "zt.income": "armament points {n}",
    "zt.apLeft": "{n} AP left",
    "zt.factory": "Factory: {list}",
    "zt.pending": "To place: {list}",
    "zt.onMap": "{n} counters on the map",
    "zt.cardsHeld": "cards: {hand} in hand, {deck} in the deck",
    "zt.wounded": "Wounded {box}: {list}",
    "zt.dead": "Dead: {list}",
    "zt.stock": "Stock: {list}",
    "zt.none": "none",
    "zt.space": "Space map",
    "zt.ground": "Ground map",
    "zt.battle": "Battle",
    "zt.battleAt": "Battle at {where}",
    "zt.attacker": "Attacker",
    "zt.defender": "Defender",
    "zt.step": "Step: {step}",
    "zt.sortie": "sortie",
    "zt.captain": "captain of {ship}",
    "zt.hits": "{side}: {hits} hits to allot on {targets}",
    "zt.command": "(the receiver allots {n} first, 26.3)",
    "zt.given": "given: {list}",
    "zt.dice": "Dice of this battle",
    "zt.noBattle": "No battle under way.",
    "zt.neutral": "neutral",
    "zt.level": "level {n}",
    "zt.baseTitle": "{name} ({kind}), {owner} {level}",
    "zt.military": "military base",
    "zt.political": "political base",
    "zt.dropPoint": "drop point {area}",
    "zt.earth": "Earth",
    "zt.colony": "The colony (35), dropped by {owner}",
    "zt.nuke": "Nuclear bomb (Titans' secret): {base}",
    "zt.nukeHidden": "set at a base the Titans keep secret",
    "zt.damaged": "damaged (back)",
    "zt.aboard": "aboard {unit}",
    "zt.carries": "carries {list}",
    "zt.p.nuke": "Choose in secret the base of your nuclear bomb (36.3).",
    "zt.p.arm": "Armament: produce, mass-produce or refit with your {ap} AP, then done.",
    "zt.p.deploy": "Deployment: place your new units and characters (click a lit hex or a button).",
    "zt.p.keep": "Choose in secret the three action cards you keep (10.2).",
    "zt.p.act": "{card}: give your orders (click a unit, then a lit hex), then end the orders.",
    "zt.p.battle": "Choose a battle (click a lit hex), or fight no more.",
    "zt.p.join": "A battle in your hex: join a side or stay out (18.9).",
    "zt.p.prepare": "Preparation (20): decide for each of your pieces in the battle.",
    "zt.p.bomb": "Will your MS bomb (22.1)?",
    "zt.p.bombard": "Do you want a bombardment (24.1)?",
    "zt.p.allocate": "Allot the hits: click a lit counter or base, or pass.",
    "zt.p.other": "Your decision: choose an action.",
    "zt.p.wait": "Turn {turn}, {phase}: {who} to act.",
  },
  ja: {
    "zt.status": "ターンとフェイズ",
    "zt.turn": "ターン",
    "zt.phase": "フェイズ",
    "zt.cards": "行動カード",
    "zt.deck": "行動カードの山札: {n}枚",
    "zt.drawn": "このターンに公開されたカード",
    "zt.current": "実行中: {card}",
    "zt.hand": "あなたの手札",
    "zt.kept": "山札に入れたあなたのカード",
    "zt.noCards": "なし",
    "zt.factions": "陣営",
    "zt.vp": "VP",
    "zt.ap": "軍備P",
    "zt.income": "軍備ポイント {n}",
    "zt.apLeft": "残り軍備ポイント {n}",
    "zt.factory": "工場: {list}",
    "zt.pending": "配置待ち: {list}",
    "zt.onMap": "マップ上のユニット {n}",
    "zt.cardsHeld": "カード: 手札 {hand}、山札 {deck}",
    "zt.wounded": "負傷 {box}: {list}",
    "zt.dead": "死亡: {list}",
    "zt.stock": "ストック: {list}",
    "zt.none": "なし",
    "zt.space": "宇宙マップ",
    "zt.ground": "地上マップ",
    "zt.battle": "戦闘",
    "zt.battleAt": "{where}の戦闘",
    "zt.attacker": "攻撃側",
    "zt.defender": "防御側",
    "zt.step": "ステップ: {step}",
    "zt.sortie": "出撃",
    "zt.captain": "{ship}の艦長",
    "zt.hits": "{side}: {targets}に{hits}ヒットを振り分け",
    "zt.command": "（被害側が先に{n}ヒットを振り分け、26.3）",
    "zt.given": "振り分け済み: {list}",
    "zt.dice": "この戦闘のダイス",
    "zt.noBattle": "戦闘は行われていません。",
    "zt.neutral": "中立",
    "zt.level": "レベル{n}",
    "zt.baseTitle": "{name}（{kind}）、{owner} {level}",
    "zt.military": "軍事拠点",
    "zt.political": "政治拠点",
    "zt.dropPoint": "降下ポイント{area}",
    "zt.earth": "地球",
    "zt.colony": "コロニー（35）、{owner}が使用",
    "zt.nuke": "核爆弾（ティターンズの秘密）: {base}",
    "zt.nukeHidden": "ティターンズが秘密の拠点に設置済み",
    "zt.damaged": "損傷（裏面）",
    "zt.aboard": "{unit}に搭乗",
    "zt.carries": "搭載: {list}",
    "zt.p.nuke": "核爆弾を設置する拠点を秘密裏に選んでください（36.3）。",
    "zt.p.arm": "軍備: 軍備ポイント{ap}で生産・増産・換装し、終了してください。",
    "zt.p.deploy": "配置: 新しいユニットとキャラクターを配置（光っているヘクスかボタン）。",
    "zt.p.keep": "残す行動カード3枚を秘密裏に選んでください（10.2）。",
    "zt.p.act": "{card}: 行動を指示（ユニットをクリックし、光っているヘクスへ）、終わったら終了。",
    "zt.p.battle": "戦闘を選択（光っているヘクスをクリック）、または戦闘を終了。",
    "zt.p.join": "あなたのいるヘクスで戦闘: どちらかに加勢するか静観（18.9）。",
    "zt.p.prepare": "戦闘準備（20）: 戦闘に参加する各ユニットについて決めてください。",
    "zt.p.bomb": "MSで爆撃しますか（22.1）?",
    "zt.p.bombard": "砲撃戦を望みますか（24.1）?",
    "zt.p.allocate": "ヒットの振り分け: 光っているユニットか拠点をクリック、またはパス。",
    "zt.p.other": "あなたの決定: 行動を選んでください。",
    "zt.p.wait": "第{turn}ターン {phase}: {who}の手番。",
  },
};

const STYLE = `
.zt-board { position: absolute; inset: 0; display: flex; flex-direction: column; }
.zt-tabs { position: relative; z-index: 2; display: flex; gap: 0.4rem; padding: 0.3rem; }
.zt-tabs button[aria-pressed="true"] { font-weight: bold; outline: 2px solid currentColor; }
.zt-map { position: relative; flex: 1; min-height: 0; }
.zt-map[hidden] { display: none; }
.zt-lines { list-style: none; padding: 0; margin: 0.2rem 0; }
.zt-lines li { margin: 0.15rem 0; }
.zt-faction h3 { margin: 0.4rem 0 0.2rem; font-size: 1rem; }
.zt-faction .zt-big { font-size: 1.3rem; font-weight: bold; margin-right: 0.3rem; }
.zt-note { margin: 0.1rem 0; font-size: 0.85rem; }
.zt-side { border-left: 4px solid var(--zt-colour, #555); padding-left: 0.4rem; margin: 0.3rem 0; }
.zt-roll { display: flex; align-items: center; gap: 0.3rem; font-size: 0.85rem; }
.counter.zt-damaged .counter-face { opacity: 0.75; }
.counter.zt-character .counter-face { stroke-dasharray: 3 2; }
`;

function addStyle() {
  if (document.getElementById("zt-style")) return;
  document.head.append(h("style", { id: "zt-style" }, STYLE));
}

// -- small helpers ------------------------------------------------------------------------------

function factionName(f) {
  return FACTIONS[f] ? pick(FACTIONS[f].name) : t("zt.neutral");
}

function list(items) {
  return items.length ? items.join(", ") : t("zt.none");
}

function typeName(board, type) {
  return pick(board.catalog.units[type]?.name) || type;
}

function unitName(board, uid) {
  const unit = board.units[uid];
  if (unit) return `${typeName(board, unit.type)} ${uid}`;
  const ch = board.characters[uid];
  if (ch) return pick(board.catalog.characters[uid]?.name) || uid;
  if (String(uid).startsWith("base:")) return baseName(board, uid.slice(5));
  return String(uid);
}

function baseName(board, bid) {
  return pick(board.catalog.bases[bid]?.name) || bid;
}

function cardName(board, card) {
  const [faction, type] = card.split(".");
  return `${factionName(faction)} ${pick(board.catalog.cards[type])}`;
}

// "space:C5" -> ["space", "C5"]; a box -> ["space", its hex beside the map]
function split(at) {
  const [where, label] = String(at).split(":");
  if (where === "box") return ["space", BOX_LABELS[label] || label];
  return [where, label];
}

function location(map, label) {
  for (const [box, hex] of Object.entries(BOX_LABELS)) if (map === "space" && hex === label) return `box:${box}`;
  return `${map}:${label}`;
}

function unitValues(board, uid) {
  const unit = board.units[uid];
  const printed = board.catalog.units[unit.type];
  const face = unit.back ? printed.back : printed.front;
  if (printed.kind === "ms") return `${face.air.join("·")}/${face.bomb.join("·")} D${face.defence}`;
  return `G${face.guns} AA${face.aa_guns} D${face.defence}`;
}

function counterFor(board, uid, decision, interactive) {
  const unit = board.units[uid];
  const printed = board.catalog.units[unit.type];
  const carried = Object.entries(board.units)
    .filter(([, u]) => u.carrier === uid)
    .map(([id]) => unitName(board, id));
  const notes = [factionName(unit.faction), unitValues(board, uid)];
  if (unit.back) notes.push(t("zt.damaged"));
  if (unit.carrier) notes.push(t("zt.aboard", { unit: unitName(board, unit.carrier) }));
  if (carried.length) notes.push(t("zt.carries", { list: carried.join(", ") }));
  return {
    id: uid,
    colour: FACTIONS[unit.faction]?.colour,
    top: pick(printed.name),
    middle: unitValues(board, uid),
    bottom: uid,
    corner: carried.length ? `+${carried.length}` : unit.carrier ? "⤴" : null,
    class: [unit.back && "zt-damaged", `zt-${printed.kind}`].filter(Boolean).join(" "),
    selectable: interactive && decision.isSelectable(uid),
    selected: decision.selected === uid,
    title: `${unitName(board, uid)} (${notes.join(", ")})`,
  };
}

function characterCounter(board, cid, decision, interactive) {
  const ch = board.characters[cid];
  const printed = board.catalog.characters[cid];
  const name = pick(printed?.name) || cid;
  const values = printed ? `${printed.ms.join("/")} · ${printed.ship.join("/")}` : "";
  return {
    id: cid,
    colour: FACTIONS[ch.faction]?.colour,
    top: name,
    middle: values,
    bottom: ch.on || "",
    class: "zt-character",
    selectable: interactive && decision.isSelectable(cid),
    selected: decision.selected === cid,
    title: `${name} (${factionName(ch.faction)}${ch.on ? `, ${t("zt.aboard", { unit: unitName(board, ch.on) })}` : ""})`,
  };
}

// The stacks on one map: each ship followed by what it carries, then the characters.
function stacksOn(board, map, decision, interactive) {
  const stacks = {};
  const order = (id) => [Object.keys(FACTIONS).indexOf(board.units[id].faction), Number(id.slice(1))];
  const ids = Object.keys(board.units)
    .filter((id) => ON_MAP.test(board.units[id].at) && board.units[id].carrier == null)
    .sort((a, b) => {
      const [fa, na] = order(a);
      const [fb, nb] = order(b);
      return fa - fb || na - nb;
    });
  for (const id of ids) {
    const [where, label] = split(board.units[id].at);
    if (where !== map) continue;
    const stack = (stacks[label] ||= []);
    stack.push(counterFor(board, id, decision, interactive));
    for (const [mid, m] of Object.entries(board.units)) {
      if (m.carrier === id) stack.push(counterFor(board, mid, decision, interactive));
    }
  }
  for (const [cid, ch] of Object.entries(board.characters)) {
    if (!ON_MAP.test(ch.at)) continue;
    const [where, label] = split(ch.at);
    if (where === map) (stacks[label] ||= []).push(characterCounter(board, cid, decision, interactive));
  }
  return stacks;
}

function hexesOf(board, map) {
  const printed = board.catalog.maps[map];
  const bases = {};
  for (const [bid, b] of Object.entries(board.bases)) {
    if (!b.at) continue;
    const [where, label] = split(b.at);
    if (where === map) (bases[label] ||= []).push([bid, b]);
  }
  const drops = Object.fromEntries(Object.entries(printed.drop_points || {}).map(([area, label]) => [label, area]));
  const fight = board.action?.battle?.at;
  const hexes = Object.entries(printed.hexes).map(([label, terrain]) => hexFor(board, map, label, terrain, bases[label], drops[label], fight));
  if (map === "space") {
    hexes.push({ label: printed.earth, terrain: "planet", colour: TERRAIN.planet, name: t("zt.earth"), title: t("zt.earth") });
    for (const [box, label] of Object.entries(BOX_LABELS)) {
      const name = pick(board.catalog.boxes[box]?.name) || box;
      hexes.push({ ...hexFor(board, map, label, "box", bases[label], null, fight), name, title: name });
    }
  }
  return hexes;
}

function hexFor(board, map, label, terrain, bases, area, fight) {
  const out = { label, terrain, colour: TERRAIN[terrain], mark: fight === location(map, label) ? "fight" : null };
  const titles = [label];
  out.chips = [];
  for (const [bid, b] of bases || []) {
    const printed = board.catalog.bases[bid];
    const owner = b.owner ? factionName(b.owner) : t("zt.neutral");
    const kind = t(printed.kind === "military" ? "zt.military" : "zt.political");
    const title = t("zt.baseTitle", { name: baseName(board, bid), kind, owner, level: t("zt.level", { n: b.level }) });
    titles.push(title);
    out.name = baseName(board, bid);
    out.chips.push({
      text: `${printed.kind === "military" ? "★" : "◆"}${b.level}`,
      fill: FACTIONS[b.owner]?.colour || NEUTRAL,
      title,
    });
  }
  const colony = board.colony;
  if (colony?.at && colony.at === location(map, label)) {
    const title = t("zt.colony", { owner: factionName(colony.owner) });
    titles.push(title);
    out.chips.push({ text: colony.back ? "◎*" : "◎", fill: FACTIONS[colony.owner]?.colour || NEUTRAL, title });
  }
  if (area) {
    titles.push(t("zt.dropPoint", { area }));
    out.chips.push({ text: area, fill: "#3d7a8c", title: t("zt.dropPoint", { area }) });
  }
  out.title = titles.join("\n");
  return out;
}

function targetHex(view, action, key) {
  const value = action[key];
  if (value == null) return null;
  if (view && view.board.bases[value]?.at) return view.board.bases[value].at;
  if (view && view.board.units[value]) return view.board.units[value].at;
  return String(value);
}

// -- the module ---------------------------------------------------------------------------------

export default {
  players: Object.fromEntries(Object.entries(FACTIONS).map(([id, f]) => [id, f.name])),
  strings,
  options: {
    data: { en: "Printed values (data overlay)", ja: "印刷値（データの上書き）" },
    nz_start: { en: "Neo Zeon starts, S1 (axis | factory)", ja: "ネオ・ジオンの開始位置 S1（axis | factory）" },
    ties: { en: "Equal first places, S17 (shared | draw)", ja: "同点首位 S17（shared | draw）" },
    station_carry: { en: "What Axis and Gryps 2 carry, S50 (all | ordered)", ja: "アクシズ・グリプス2の輸送 S50（all | ordered）" },
  },

  // What an action points at on the board (the rest are buttons in the list).
  targets(action, view) {
    if ("move" in action) return { piece: action.move, hex: action.to };
    if ("descend" in action) return { piece: action.descend, hex: action.to };
    if ("shift" in action) return { hex: action.to };
    if ("fight" in action) return { hex: action.fight };
    for (const key of ["colony", "laser"]) if (key in action && action[key] != null) return { hex: action[key] };
    if ("deploy" in action) {
      const at = targetHex(view, action, "to");
      return at ? { hex: at } : null;
    }
    if ("place" in action && "to" in action) return { hex: action.to };
    if ("hit" in action) {
      const target = action.hit;
      if (String(target).startsWith("base:")) {
        const at = view?.board.bases[target.slice(5)]?.at;
        return at ? { hex: at } : null;
      }
      return { piece: target, button: true };
    }
    for (const key of ["govern", "recover", "load", "unload", "board", "alight", "launch", "sortie", "stow", "house", "engage", "destroy"]) {
      if (key in action) return { piece: action[key], button: true };
    }
    if ("place" in action) return { piece: action.place, button: true };
    if ("captain" in action) return { piece: action.of, button: true };
    return null;
  },

  prompt(view, seat) {
    const board = view.board;
    if (view.over) return null;
    const step = board.step || {};
    const mine = seat != null && (view.to_act || []).includes(seat);
    if (mine) {
      if (step.kind === "arm") return t("zt.p.arm", { ap: board.ap?.[seat] ?? 0 });
      if (step.kind === "act") return t("zt.p.act", { card: board.action ? cardName(board, board.action.card) : "" });
      if (strings.en[`zt.p.${step.kind}`]) return t(`zt.p.${step.kind}`);
      return t("zt.p.other");
    }
    const who = (view.to_act || []).map(factionName).join(", ");
    const phase = board.phase ? pick(PHASES[board.phase]) : pick(PHASES.character);
    return t("zt.p.wait", { turn: board.turn, phase, who });
  },

  pieceName(piece, view) {
    return unitName(view.board, piece);
  },

  mount(host) {
    addStyle();
    const root = h("div", { class: "zt-board" });
    host.board.append(root);
    const tabs = h("div", { class: "zt-tabs", role: "tablist" });
    const holders = { space: h("div", { class: "zt-map", "data-map": "space" }), ground: h("div", { class: "zt-map", "data-map": "ground" }) };
    root.append(tabs, holders.space, holders.ground);
    const maps = {};
    let shown = "space";
    let auto = null; // the map last chosen for the play (a new phase or battle switches to it)
    let last = null;
    const buttons = {};
    for (const map of ["space", "ground"]) {
      buttons[map] = h(
        "button",
        { type: "button", "data-map-tab": map, onclick: () => show(map) },
        t(`zt.${map}`),
      );
      tabs.append(buttons[map]);
    }
    const statusPanel = host.panel("zt-status", "zt.status");
    const cardsPanel = host.panel("zt-cards", "zt.cards");
    const battlePanel = host.panel("zt-battle", "zt.battle");
    const factionsPanel = host.panel("zt-factions", "zt.factions");

    function show(map) {
      shown = map;
      if (last) draw(last);
    }

    function playMap(board) {
      const fight = board.action?.battle?.at;
      if (fight) return split(fight)[0];
      if (board.action?.type === "ground") return "ground";
      return "space";
    }

    function drawMaps(frame) {
      const { board, decision, interactive } = frame;
      const cat = board.catalog;
      const want = `${board.turn}|${board.action?.n ?? board.phase}|${board.action?.battle?.at ?? ""}`;
      if (want !== auto) {
        auto = want;
        shown = playMap(board);
      }
      for (const map of ["space", "ground"]) {
        const printed = cat.maps[map];
        holders[map].hidden = map !== shown;
        buttons[map].setAttribute("aria-pressed", String(map === shown));
        buttons[map].textContent = t(`zt.${map}`);
        if (map !== shown) continue;
        if (!maps[map]) {
          const options = { orientation: printed.orientation, parity: printed.parity, wrap: printed.wrap, size: 44, counterScale: 0.8 };
          if (map === "space") {
            // one column added west of A (the Jupiter-fleet box): the parity flips to keep A's place
            const columns = [...new Set(Object.keys(printed.hexes).map((l) => l.replace(/\d+$/, "")))].sort();
            options.columns = ["Y", ...columns, "Z"];
            options.parity = printed.parity === "odd" ? "even" : "odd";
          }
          maps[map] = new HexMap(holders[map], options);
        }
        const lit = new Set();
        if (interactive) {
          for (const at of decision.lit()) {
            const [where, label] = split(at);
            if (where === map) lit.add(label);
          }
        }
        const selected = decision.selected != null ? board.units[decision.selected]?.at : null;
        maps[map].render({
          label: t(`zt.${map}`),
          hexes: hexesOf(board, map),
          stacks: stacksOn(board, map, decision, interactive),
          lit,
          selectedHex: selected && split(selected)[0] === map ? split(selected)[1] : null,
          onHex: (label) => interactive && decision.clickHex(location(map, label)),
          onCounter: (counter, label) => interactive && decision.clickPiece(counter.id, location(map, label)),
        });
      }
    }

    function drawStatus(frame) {
      const { board } = frame;
      clear(statusPanel);
      renderTrack(statusPanel.appendChild(h("div", { class: "zt-turn" })), {
        title: t("zt.turn"),
        from: 1,
        to: board.last_turn,
        current: board.turn,
        markers: [{ at: board.turn, label: "▲", colour: "#333", title: t("zt.turn") }],
      });
      renderStages(statusPanel.appendChild(h("div", { class: "zt-phases" })), {
        title: t("zt.phase"),
        stages: Object.entries(PHASES).map(([id, name]) => ({ id, label: pick(name) })),
        current: board.phase,
      });
      const nuke = board.nuke || {};
      if (nuke.set) {
        const where = nuke.base ? baseName(board, nuke.base) : t("zt.nukeHidden");
        statusPanel.append(h("p", { class: "zt-note", "data-zt": "nuke" }, t("zt.nuke", { base: where })));
      }
    }

    function drawCards(frame) {
      const { board } = frame;
      clear(cardsPanel);
      cardsPanel.append(h("p", { "data-zt": "deck" }, t("zt.deck", { n: board.deck })));
      if (board.action) cardsPanel.append(h("p", { class: "zt-note" }, t("zt.current", { card: cardName(board, board.action.card) })));
      const face = (card, i, zone) => {
        const [faction, type] = card.split(".");
        return { id: `${zone}:${i}:${card}`, title: pick(board.catalog.cards[type]), colour: CARD_COLOURS[type], badge: pick(FACTIONS[faction]?.name) };
      };
      const row = (title, cards, zone, owner) => {
        cardsPanel.append(h("div", { class: "panel-sub" }, title));
        const box = h("div", { "data-zone": zone, "data-owner": owner || null });
        renderCards(box, cards.map((c, i) => face(c, i, zone)), { label: title, empty: t("zt.noCards") });
        cardsPanel.append(box);
      };
      row(t("zt.drawn"), board.drawn || [], "drawn");
      if (board.hand) {
        const you = board.you;
        row(t("zt.hand"), board.hand, "hand", you);
        row(t("zt.kept"), board.kept || [], "kept", you);
      }
    }

    function drawFactions(frame) {
      const { board } = frame;
      clear(factionsPanel);
      for (const [f, sheet] of Object.entries(board.factions || {})) {
        const types = (filter) => {
          const counts = new Map();
          for (const u of Object.values(board.units)) if (u.faction === f && filter(u)) counts.set(u.type, (counts.get(u.type) || 0) + 1);
          return [...counts].map(([type, n]) => `${typeName(board, type)} ×${n}`);
        };
        const wounded = {};
        const dead = [];
        for (const [cid, ch] of Object.entries(board.characters)) {
          if (ch.faction !== f) continue;
          const name = pick(board.catalog.characters[cid]?.name) || cid;
          if (ch.at.startsWith("wounded:")) (wounded[ch.at.slice(8)] ||= []).push(name);
          else if (ch.at === "dead") dead.push(name);
        }
        const ap = board.ap?.[f];
        const box = h(
          "div",
          { class: "zt-faction zt-side", "data-faction": f, style: { "--zt-colour": FACTIONS[f].colour } },
          h(
            "h3",
            {},
            h("span", { class: "seat-dot", "data-seat": f }),
            factionName(f),
            " ",
            h("span", { class: "zt-big", "data-zt": "vp" }, String(sheet.vp)),
            h("span", { class: "muted" }, t("zt.vp")),
          ),
          h("p", { class: "zt-note" }, ap != null ? t("zt.apLeft", { n: ap }) : t("zt.income", { n: sheet.income })),
          h("p", { class: "zt-note", "data-zt": "cards" }, t("zt.cardsHeld", { hand: board.cards[f].hand, deck: board.cards[f].in_deck })),
          h("p", { class: "zt-note" }, t("zt.onMap", { n: sheet.on_map })),
          h("p", { class: "zt-note", "data-zt": "factory" }, t("zt.factory", { list: list(types((u) => u.at === "factory")) })),
          h("p", { class: "zt-note" }, t("zt.pending", { list: list(types((u) => u.at === "pending")) })),
          ...["L", "M", "H"].map((b) =>
            h("p", { class: "zt-note", "data-zt": `wounded-${b}` }, t("zt.wounded", { box: pick(board.catalog.wounded[b]), list: list(wounded[b] || []) })),
          ),
          dead.length ? h("p", { class: "zt-note" }, t("zt.dead", { list: list(dead) })) : null,
          h("p", { class: "zt-note", "data-zt": "stock" }, t("zt.stock", { list: list(Object.entries(sheet.stock).map(([type, n]) => `${typeName(board, type)} ×${n}`)) })),
        );
        factionsPanel.append(box);
      }
    }

    // The exact hits of each side in the step under way (the server's odds, asked once a
    // version; a game that offers none shows nothing).
    const odds = new Map();
    function oddsFor(frame, query) {
      const key = `${frame.seat ?? ""}|${frame.version}|${JSON.stringify(query)}`;
      if (!odds.has(key)) {
        odds.set(key, { status: "loading" });
        host.odds(query).then(
          (answer) => {
            odds.set(key, { status: "ok", answer });
            if (last) drawBattle(last);
          },
          () => odds.set(key, { status: "none" }),
        );
        while (odds.size > 40) odds.delete(odds.keys().next().value);
      }
      return odds.get(key);
    }

    function drawBattle(frame) {
      const { board, log } = frame;
      const fight = board.action?.battle;
      host.showPanel("zt-battle", Boolean(fight));
      clear(battlePanel);
      if (!fight) return;
      battlePanel.append(h("h3", {}, t("zt.battleAt", { where: fight.at })));
      if (fight.step) battlePanel.append(h("p", { class: "zt-note", "data-zt": "step" }, t("zt.step", { step: pick(STEPS[fight.step]) || fight.step })));
      for (const side of ["attacker", "defender"]) {
        const factions = fight[side] || [];
        const pieces = (fight.taking_part || []).filter((key) => {
          const piece = board.units[key] || board.characters[key];
          return piece && factions.includes(piece.faction) && board.units[key];
        });
        const items = pieces.map((key) => {
          const notes = [];
          if ((fight.sortie || []).includes(key)) notes.push(t("zt.sortie"));
          if (board.units[key]?.back) notes.push(t("zt.damaged"));
          const captain = fight.captains?.[key];
          const pilot = Object.entries(board.characters).find(([, ch]) => ch.on === key);
          const who = captain || pilot?.[0];
          return h("li", { "data-unit": key }, unitName(board, key), who ? ` · ${unitName(board, who)}` : "", notes.length ? h("span", { class: "muted" }, ` (${notes.join(", ")})`) : null);
        });
        const step = ODDS_STEP[fight.step];
        const got = step && frame.interactive && frame.version != null && factions.length ? oddsFor(frame, { step, at: fight.at, faction: factions[0] }) : null;
        battlePanel.append(
          h(
            "div",
            { class: "zt-side", "data-side": side, style: { "--zt-colour": FACTIONS[factions[0]]?.colour || NEUTRAL } },
            h("strong", {}, `${t(`zt.${side}`)}: ${factions.map(factionName).join(", ")}`),
            h("ul", { class: "zt-lines" }, items),
            got?.status === "ok" ? h("p", { class: "zt-note", "data-zt": "odds" }, pick(got.answer.text)) : null,
          ),
        );
      }
      const damage = fight.damage;
      if (damage) {
        for (const entry of damage.queue || []) {
          const sideName = `${t(`zt.${entry.to}`)} (${(fight[entry.to] || []).map(factionName).join(", ")})`;
          const targets = (entry.targets || []).map((x) => unitName(board, x)).join(", ");
          battlePanel.append(h("p", { class: "zt-note", "data-zt": "hits" }, t("zt.hits", { side: sideName, hits: entry.hits, targets }), entry.command > 0 ? ` ${t("zt.command", { n: entry.command })}` : ""));
          const given = Object.entries(entry.given || {}).map(([x, n]) => `${unitName(board, x)} ${n}`);
          if (given.length) battlePanel.append(h("p", { class: "zt-note" }, t("zt.given", { list: given.join(", ") })));
        }
      }
      // the dice rolled since the battle began (rule 18.10 opens it in the log)
      const events = log || [];
      let start = -1;
      for (let i = events.length - 1; i >= 0; i--) {
        if (events[i].rule === "18.10") {
          start = i;
          break;
        }
      }
      const rolls = start >= 0 ? events.slice(start).filter((e) => e.kind === "roll").slice(-12) : [];
      if (rolls.length) {
        battlePanel.append(h("div", { class: "panel-sub" }, t("zt.dice")));
        battlePanel.append(
          h(
            "ul",
            { class: "zt-lines", "data-zt": "dice" },
            rolls.map((e) => h("li", { class: "zt-roll" }, diceFaces(e, 20), h("span", {}, `${pick(e.why)} (${e.rule})`))),
          ),
        );
      }
    }

    function draw(frame) {
      drawMaps(frame);
      drawStatus(frame);
      drawCards(frame);
      drawBattle(frame);
      drawFactions(frame);
      root.dataset.ztVersion = frame.version ?? "";
    }

    return {
      update(frame) {
        if (!frame.board) return;
        last = frame;
        draw(frame);
      },
    };
  },
};
