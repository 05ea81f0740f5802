// Interface strings in English and Japanese, and the language switch.
// Every string the interface shows goes through t(key, vars); game texts come from the server
// in both languages ({en, ja}) and are picked with pick(msg).

const STRINGS = {
  en: {
    "app.tagline": "A digital table for Japanese war games",
    "lang.switch": "日本語",
    "lang.label": "Language",
    "lobby.start": "Start a game",
    "lobby.game": "Game",
    "lobby.none": "No games are installed yet.",
    "lobby.seats": "Seats",
    "lobby.options": "Options",
    "lobby.noOptions": "This game has no options.",
    "lobby.seed": "Seed",
    "lobby.seedHelp": "Optional. The same seed gives the same dice.",
    "lobby.seedPlaceholder": "random",
    "lobby.startButton": "Start the game",
    "lobby.starting": "Starting…",
    "lobby.players": "{n} players",
    "lobby.invites": "Invitation links",
    "lobby.invitesHelp":
      "Send each link to its player: whoever opens it plays that seat. Keep them secret.",
    "lobby.copy": "Copy",
    "lobby.copied": "Copied",
    "lobby.go": "Go to the game",
    "lobby.yours": "Your games",
    "lobby.noneYours": "No games yet: start one.",
    "lobby.open": "Open",
    "lobby.forget": "Forget",
    "lobby.moves": "{n} moves",
    "lobby.gone": "no longer on this server",
    "lobby.error": "Could not start the game: {msg}",
    "seat.here": "Here (this browser)",
    "seat.invite": "Invite by link",
    "seat.computer": "Computer",
    "status.over": "Over",
    "status.toAct": "Waiting for {who}",
    "game.yourTurn": "Your decision",
    "game.waiting": "Waiting for {who}…",
    "game.spectator": "Spectator",
    "game.watching": "You are watching this game.",
    "game.actions": "Actions",
    "game.noActions": "Nothing to decide now.",
    "game.filter": "Filter actions",
    "game.undo": "Undo",
    "game.log": "Log",
    "game.dice": "Dice",
    "game.noRoll": "No dice rolled yet.",
    "game.connecting": "Connecting…",
    "game.reconnecting": "Connection lost. Reconnecting…",
    "game.connected": "Live",
    "game.over": "Game over",
    "game.winner": "Winner: {who}",
    "game.winners": "Winners: {who}",
    "game.draw": "Draw",
    "game.replay": "Replay the game",
    "game.download": "Download record",
    "game.lobby": "Lobby",
    "game.invites": "Invitations",
    "game.handOver": "Hand the device to {who}",
    "game.handOverHelp": "The next view shows {who}'s hidden information.",
    "game.show": "Show {who}'s view",
    "game.you": "you",
    "game.computer": "computer",
    "game.invited": "invited",
    "game.noGame": "There is no such game on this server.",
    "game.badToken": "The seat token of this link is not valid for this game.",
    "game.asSpectator": "Watch as a spectator",
    "game.selectHint": "Click a unit, then a lit hex.",
    "game.selected": "Selected: {what}",
    "game.clear": "Clear selection",
    "game.refused": "Refused: {msg}",
    "game.moveNo": "Move {n}",
    "game.board": "Board",
    "game.menu": "Game",
    "replay.title": "Replay",
    "replay.step": "Step {i} of {n}",
    "replay.first": "Start",
    "replay.prev": "Back",
    "replay.next": "Forward",
    "replay.last": "End",
    "replay.exit": "Back to the game",
    "replay.setup": "Set-up",
    "replay.as": "Seen by",
    "replay.loading": "Loading the replay…",
    "map.zoomIn": "Zoom in",
    "map.zoomOut": "Zoom out",
    "map.fit": "Fit the map",
    "map.stack": "{n} counters",
    "log.roll": "{by} rolls {count}{die}: {dice}",
    "log.rule": "rule {rule}",
    "log.shuffled": "{what} shuffled",
    "log.empty": "Nothing has happened yet.",
    "odds.title": "Battle odds",
    "odds.win": "win",
    "odds.tie": "tie",
    "odds.lose": "lose",
    "summary.title": "Board",
    "summary.hidden": "hidden",
    "track.turn": "Turn",
  },
  ja: {
    "app.tagline": "日本のウォーゲームのためのデジタル卓",
    "lang.switch": "English",
    "lang.label": "言語",
    "lobby.start": "ゲームを始める",
    "lobby.game": "ゲーム",
    "lobby.none": "インストールされたゲームがまだありません。",
    "lobby.seats": "席",
    "lobby.options": "オプション",
    "lobby.noOptions": "このゲームにオプションはありません。",
    "lobby.seed": "シード",
    "lobby.seedHelp": "任意。同じシードなら同じダイス目になります。",
    "lobby.seedPlaceholder": "ランダム",
    "lobby.startButton": "ゲーム開始",
    "lobby.starting": "開始中…",
    "lobby.players": "{n}人用",
    "lobby.invites": "招待リンク",
    "lobby.invitesHelp":
      "各リンクをそのプレイヤーに送ってください。開いた人がその席でプレイします。他人には見せないでください。",
    "lobby.copy": "コピー",
    "lobby.copied": "コピーしました",
    "lobby.go": "ゲームへ",
    "lobby.yours": "あなたのゲーム",
    "lobby.noneYours": "まだゲームはありません。始めてみましょう。",
    "lobby.open": "開く",
    "lobby.forget": "一覧から削除",
    "lobby.moves": "{n}手",
    "lobby.gone": "このサーバーにはもうありません",
    "lobby.error": "ゲームを開始できませんでした: {msg}",
    "seat.here": "ここで（このブラウザ）",
    "seat.invite": "リンクで招待",
    "seat.computer": "コンピューター",
    "status.over": "終了",
    "status.toAct": "{who} の手番",
    "game.yourTurn": "あなたの手番です",
    "game.waiting": "{who} を待っています…",
    "game.spectator": "観戦",
    "game.watching": "このゲームを観戦しています。",
    "game.actions": "行動",
    "game.noActions": "いま決めることはありません。",
    "game.filter": "行動を絞り込む",
    "game.undo": "取り消し",
    "game.log": "ログ",
    "game.dice": "ダイス",
    "game.noRoll": "まだダイスは振られていません。",
    "game.connecting": "接続中…",
    "game.reconnecting": "接続が切れました。再接続しています…",
    "game.connected": "接続中",
    "game.over": "ゲーム終了",
    "game.winner": "勝者: {who}",
    "game.winners": "勝者: {who}",
    "game.draw": "引き分け",
    "game.replay": "リプレイを見る",
    "game.download": "記録をダウンロード",
    "game.lobby": "ロビー",
    "game.invites": "招待",
    "game.handOver": "{who} に端末を渡してください",
    "game.handOverHelp": "次の画面には {who} の秘密情報が表示されます。",
    "game.show": "{who} の画面を表示",
    "game.you": "あなた",
    "game.computer": "コンピューター",
    "game.invited": "招待",
    "game.noGame": "このサーバーにそのゲームはありません。",
    "game.badToken": "このリンクの席トークンはこのゲームでは無効です。",
    "game.asSpectator": "観戦する",
    "game.selectHint": "ユニットをクリックし、光っているヘクスをクリックしてください。",
    "game.selected": "選択中: {what}",
    "game.clear": "選択を解除",
    "game.refused": "できません: {msg}",
    "game.moveNo": "{n}手目",
    "game.board": "盤面",
    "game.menu": "ゲーム",
    "replay.title": "リプレイ",
    "replay.step": "{n} 手中 {i} 手目",
    "replay.first": "最初",
    "replay.prev": "戻る",
    "replay.next": "進む",
    "replay.last": "最後",
    "replay.exit": "ゲームに戻る",
    "replay.setup": "初期配置",
    "replay.as": "視点",
    "replay.loading": "リプレイを読み込んでいます…",
    "map.zoomIn": "拡大",
    "map.zoomOut": "縮小",
    "map.fit": "全体を表示",
    "map.stack": "{n}個のコマ",
    "log.roll": "{by} が {count}{die} を振る: {dice}",
    "log.rule": "{rule}",
    "log.shuffled": "{what}をシャッフル",
    "log.empty": "まだ何も起きていません。",
    "odds.title": "戦闘の確率",
    "odds.win": "勝ち",
    "odds.tie": "引き分け",
    "odds.lose": "負け",
    "summary.title": "盤面",
    "summary.hidden": "非公開",
    "track.turn": "ターン",
  },
};

export const LANGS = ["en", "ja"];
const KEY = "wartable.lang";

function initialLang() {
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

let current = initialLang();
document.documentElement.lang = current;

export function lang() {
  return current;
}

export function setLang(value) {
  if (!LANGS.includes(value) || value === current) return;
  current = value;
  localStorage.setItem(KEY, value);
  document.documentElement.lang = value;
  translatePage();
  window.dispatchEvent(new CustomEvent("langchange", { detail: value }));
}

function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

// extra strings from a per-game view module: add({en: {...}, ja: {...}})
export function addStrings(strings) {
  for (const l of LANGS) Object.assign(STRINGS[l], strings[l] || {});
}

export function t(key, vars = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return fill(text, vars);
}

// A message from the server or a game module: {en, ja} (or a plain string).
export function pick(message) {
  if (message == null) return "";
  if (typeof message === "string") return message;
  return message[current] ?? message.en ?? Object.values(message)[0] ?? "";
}

// Elements with data-i18n="key" get their text; data-i18n-title / -placeholder / -aria-label
// their attribute.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const attr of ["title", "placeholder", "aria-label"]) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
    }
  }
}

// The language switch button in the header.
export function languageButton(button) {
  const show = () => {
    button.textContent = t("lang.switch");
    button.setAttribute("aria-label", t("lang.label"));
  };
  button.addEventListener("click", () => setLang(current === "en" ? "ja" : "en"));
  window.addEventListener("langchange", show);
  show();
}
