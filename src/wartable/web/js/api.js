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
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.onStatus(this.retry ? "lost" : "connecting");
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", tokens: this.tokens }));
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
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
