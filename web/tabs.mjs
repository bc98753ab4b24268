// One tab at a time owns the app's files (settings, the save, the game log).
//
// Every tab of the page shares one localStorage. Two tabs running the app over it would
// each keep their own idea of the game log (the next number, the last segment) and give
// out the same game numbers: games are lost. So a tab only starts the app once it owns
// the store, and a tab that owned it and lost it never writes again (it must reload).
//
//   the lock      a Web Lock (navigator.locks) held for the tab's lifetime: a tab closed,
//                 reloaded or crashed lets go of it, the browser sees to that
//   the owner key localStorage[ownerKey] = the owning tab's id, written when it starts
//                 (mayWrite(): the store refuses every write once it names another tab)
//   take-over     the tab the user picks asks the owner over a BroadcastChannel; the
//                 owner stops, writes the new tab's id as the owner key (after all its
//                 own writes, so seeing it means seeing them) and lets go of the lock. An
//                 owner that does not answer in time (a frozen tab) has the lock stolen:
//                 the lock's abort, or the owner key on its next write, stops it.
// Without Web Locks (a page served over plain http, not localhost) the channel alone
// decides: a new tab asks who owns the store and waits a moment for an answer.

const ANSWER_MS = 400;     // a live owner answers a question on the channel within this
const HANDOFF_MS = 3000;   // an owner asked to let go does within this, or is overruled

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class TabLock {
  // storage: localStorage; onState(state): "waiting" | "held" | "lost" changed
  constructor({ name, ownerKey, storage, onState }) {
    this.name = name;
    this.ownerKey = ownerKey;
    this.storage = storage;
    this.onState = onState || (() => {});
    this.state = "waiting";
    this.id = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);
    this.release = null;       // lets go of the held Web Lock
    this.locks = globalThis.navigator && navigator.locks ? navigator.locks : null;
    this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(name) : null;
    if (this.channel) this.channel.onmessage = (ev) => this.heard(ev.data || {});
    this.answers = new Set();  // message kinds heard, for the lock-less fallback
    // a page put into the back/forward cache lets go; it comes back as a fresh load
    addEventListener("pagehide", () => { if (this.state === "held") this.lose("closed"); });
    addEventListener("pageshow", (ev) => { if (ev.persisted) location.reload(); });
  }

  // True while this tab owns the store: the Store asks before every write.
  mayWrite() {
    if (this.state !== "held") return false;
    if (this.storage.getItem(this.ownerKey) !== this.id) { this.lose("taken"); return false; }
    return true;
  }

  // At load: resolves true once this tab owns the store, false when another tab does.
  async claim() {
    if (this.locks) {
      // queued a moment rather than "if available": the tab's own previous page may be
      // letting go of it right now (a reload)
      if (await this.acquire({ signal: abortAfter(ANSWER_MS) })) return this.own();
      return false;
    }
    if (await this.ask({ type: "hello", from: this.id }, "here")) return false;
    return this.own();
  }

  // "Use this tab instead": resolves once this tab owns the store.
  async takeOver() {
    if (this.state === "held") return true;
    if (this.locks) {
      if (await this.acquire({ ifAvailable: true })) return this.own();
      const queued = this.acquire({ signal: abortAfter(HANDOFF_MS) });
      this.post({ type: "takeover", to: this.id });
      if (await queued) {
        await this.handedOver();
        return this.own();
      }
      await this.acquire({ steal: true });   // the owner did not answer
      return this.own();
    }
    await this.ask({ type: "takeover", to: this.id }, "released", HANDOFF_MS);
    return this.own();
  }

  // ---- inside ------------------------------------------------------------------
  own() {
    this.storage.setItem(this.ownerKey, this.id);
    this.setState("held");
    return true;
  }

  lose(why) {
    if (this.state === "lost") return;
    this.why = why;
    this.setState("lost");
    if (this.release) { this.release(); this.release = null; }
  }

  setState(s) {
    this.state = s;
    this.onState(s, this.why);
  }

  // Resolves true holding the Web Lock (until lose()), false when not granted.
  acquire(options) {
    return new Promise((resolve) => {
      this.locks.request(this.name, options, (lock) => {
        if (!lock) { resolve(false); return undefined; }
        resolve(true);
        return new Promise((r) => { this.release = r; });
      }).catch(() => {
        // aborted while queued (not granted), or stolen from this tab while held
        if (this.state === "held") this.lose("taken"); else resolve(false);
      });
    });
  }

  // The old owner wrote our id as the owner key after its last write: wait to see it,
  // so everything it wrote is seen too (one tab's writes reach the others in order).
  async handedOver() {
    for (let t = 0; t < HANDOFF_MS && this.storage.getItem(this.ownerKey) !== this.id; t += 20) {
      await sleep(20);
    }
  }

  heard(msg) {
    this.answers.add(msg.type + ":" + (msg.to || ""));
    if (this.state !== "held") return;
    if (msg.type === "hello") this.post({ type: "here", to: msg.from });
    else if (msg.type === "takeover" && msg.to !== this.id) {
      // between two frames (one thread): our last write is done. The owner key names the
      // new tab after it, then the lock goes; the page's loop sees "lost" and stops.
      this.storage.setItem(this.ownerKey, msg.to);
      this.post({ type: "released", to: msg.to });
      this.lose("taken");
    }
  }

  post(msg) { if (this.channel) this.channel.postMessage(msg); }

  // The lock-less fallback: posts `msg`, true if the answer `kind` for us came in time.
  async ask(msg, kind, ms = ANSWER_MS) {
    const key = kind + ":" + this.id;
    this.answers.delete(key);
    this.post(msg);
    for (let t = 0; t < ms && !this.answers.has(key); t += 20) await sleep(20);
    return this.answers.has(key);
  }
}

function abortAfter(ms) {
  const c = new AbortController();
  setTimeout(() => c.abort(), ms);
  return c.signal;
}
