// The clocks of a game with a time control. The server keeps the time: each state it sends
// carries both sides' time as it stood when it was sent, and the side whose clock runs;
// between states the page counts down from the moment the state arrived.

/**
 * A clock's time as lichess shows it: `m:ss`, `h:mm:ss` from an hour, and tenths under ten
 * seconds (`0:07.3`).
 */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10_000) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(left / 1000);
  const mm = String(Math.floor(s / 60) % 60);
  const ss = String(s % 60).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}:${mm.padStart(2, '0')}:${ss}`;
  return `${mm}:${ss}`;
}

/** Both clocks of a game, shown in the elements `.clock[data-side]` inside `root`. */
export class Clocks {
  /**
   * `onZero` is called once when the running clock reaches zero here (the server ends the
   * game then; the page may ask it for the game's state).
   */
  constructor(root, onZero) {
    this.root = root;
    this.onZero = onZero;
    this.clock = null;
    this.at = 0;
    this.timer = null;
    this.rang = false;
  }

  /** Takes the clocks of a new state (`null`: the game has no clock). */
  set(clock) {
    this.clock = clock || null;
    this.at = performance.now();
    this.rang = false;
    clearInterval(this.timer);
    this.timer = null;
    if (this.clock && this.clock.running) this.timer = setInterval(() => this.show(), 100);
    this.show();
  }

  /** A side's time left now. */
  left(side) {
    if (!this.clock) return null;
    const stored = side === 'white' ? this.clock.white_ms : this.clock.black_ms;
    if (this.clock.running !== side) return stored;
    return stored - (performance.now() - this.at);
  }

  /** Writes the times into the page's clock elements. */
  show() {
    for (const box of this.root.querySelectorAll('.clock[data-side]')) {
      const side = box.dataset.side;
      if (!this.clock) {
        box.hidden = true;
        continue;
      }
      const ms = this.left(side);
      box.hidden = false;
      box.textContent = clockText(ms);
      box.classList.toggle('running', this.clock.running === side);
      box.classList.toggle('low', ms < 10_000);
      box.classList.toggle('out', ms <= 0);
    }
    const running = this.clock && this.clock.running;
    if (running && this.left(running) <= 0 && !this.rang) {
      this.rang = true;
      clearInterval(this.timer);
      this.timer = null;
      this.onZero();
    }
  }
}
