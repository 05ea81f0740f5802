// Talking to the server: the HTTP API, the seat tokens this browser keeps, and the live
// WebSocket connection with automatic reconnection.

export async function getJSON(url, headers = {}) {
  const response = await fetch(url, { headers });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.detail || `${response.status} ${response.statusText}`);
  return body;
}

export async function postJSON(url, data) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(data),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(body.detail)
      ? body.detail.map((d) => d.msg).join("; ")
      : body.detail;
    throw new Error(detail || `${response.status} ${response.statusText}`);
  }
  return body;
}

// A JSON object in localStorage: {tableId: {...}}.
class Store {
  constructor(key) {
    this.key = key;
  }
  all() {
    try {
      return JSON.parse(localStorage.getItem(this.key)) || {};
    } catch {
      return {};
    }
  }
  get(id) {
    return this.all()[id] || {};
  }
  put(id, value) {
    const all = this.all();
    all[id] = value;
    localStorage.setItem(this.key, JSON.stringify(all));
  }
  update(id, changes) {
    this.put(id, { ...this.get(id), ...changes });
  }
  remove(id) {
    const all = this.all();
    delete all[id];
    localStorage.setItem(this.key, JSON.stringify(all));
  }
}

// seats played at this browser: {tableId: {seat: token}}
export const seatTokens = new Store("wartable.seats");
// invitation tokens this browser handed out (not played here): {tableId: {seat: token}}
export const inviteTokens = new Store("wartable.invites");
// the games this browser started or joined: {tableId: {game, created}}
export const myGames = new Store("wartable.games");

export function inviteLink(tableId, seat, token) {
  const params = new URLSearchParams({ seat, token });
  return `${location.origin}/play/${encodeURIComponent(tableId)}#${params}`;
}

// The operations of a view patch (docs/web.md), applied in order to the seat's previous view:
// [path, value] sets, [path] deletes, [path, start, count, items] splices a list.
export function applyPatch(view, patch) {
  for (const [path, ...rest] of patch) {
    if (path.length === 0) {
      view = rest[0];
      continue;
    }
    if (rest.length === 3) {
      const list = path.reduce((node, key) => node[key], view);
      list.splice(rest[0], rest[1], ...rest[2]);
      continue;
    }
    const parent = path.slice(0, -1).reduce((node, key) => node[key], view);
    if (rest.length === 0) delete parent[path.at(-1)];
    else parent[path.at(-1)] = rest[0];
  }
  return view;
}

// A live connection to one table. Handlers: onMessage(msg), onStatus("connecting"|"live"|"lost").
export class Live {
  constructor(tableId, tokens, { onMessage, onStatus }) {
    this.tableId = tableId;
    this.tokens = tokens;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retry = 0;
    this.closed = false;
    this.nextId = 1;
    this.views = new Map(); // the last view of each seat, by seat ("" for a spectator)
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.onStatus(this.retry ? "lost" : "connecting");
    ws.addEventListener("open", () => {
      this.views.clear(); // a new connection starts with whole views
      ws.send(JSON.stringify({ type: "hello", tokens: this.tokens, patches: true }));
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "view" && !this.wholeView(message)) {
        ws.close(); // a patch to a view this page does not have: reconnect for whole views
        return;
      }
      if (message.type === "joined") {
        this.retry = 0;
        this.onStatus("live");
      }
      if (message.type === "error" && (message.code === "bad_token" || message.code === "no_game")) {
        this.closed = true; // retrying would not help
      }
      this.onMessage(message);
    });
    ws.addEventListener("close", () => {
      if (this.closed) return;
      this.onStatus("lost");
      const wait = Math.min(5000, 300 * 2 ** this.retry);
      this.retry += 1;
      setTimeout(() => this.connect(), wait);
    });
  }

  // Turn a patched view message into a whole one (message.view); false if it cannot be.
  wholeView(message) {
    const key = message.seat ?? "";
    if (message.patch) {
      const base = this.views.get(key);
      if (!base || base.version !== message.base) return false;
      message.view = applyPatch(structuredClone(base.view), message.patch);
    }
    this.views.set(key, { version: message.version, view: message.view });
    return true;
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ ...message, id }));
    return id;
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}
