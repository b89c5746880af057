// The sounds of moves and captures, made by the browser's audio synthesiser: no sound file
// to load. Boards tell of each move they show with the window event `scoresheet:move`
// (`detail.capture`); this file makes it heard, when sounds are on (prefs.js), at the
// volume chosen.
//
// Browsers refuse to start audio before the visitor has done something on the page, so
// site.js loads this file at the first press of a pointer or a key (the settings panel loads
// it too): it makes the audio context then, and moves before it were silent.

import { soundOn, volume } from './prefs.js';

let audio = null;

/** The audio context, made (or woken, when the browser suspended it) now. */
function context() {
  if (!audio) {
    const Context = window.AudioContext || window.webkitAudioContext;
    try {
      audio = Context ? new Context() : null;
    } catch {
      audio = null;
    }
  } else if (audio.state === 'suspended') {
    audio.resume().catch(() => {});
  }
  return audio;
}

/** The sound of a move (`capture`: a lower, double knock). */
function moveSound(capture) {
  const loud = volume() / 100;
  if (!soundOn() || loud <= 0 || !context()) return;
  try {
    const knock = (at, freq) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'triangle';
      osc.frequency.setValueAtTime(freq, at);
      osc.frequency.exponentialRampToValueAtTime(freq / 2, at + 0.08);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.0002 + 0.5 * loud, at + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.09);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.1);
    };
    const now = audio.currentTime;
    if (capture) {
      knock(now, 300);
      knock(now + 0.07, 220);
    } else {
      knock(now, 520);
    }
  } catch {
    // no sound
  }
}

/** A knock to hear the sounds' switch or volume (the settings panel). */
export function trySound() {
  moveSound(false);
}

if (soundOn()) context();
window.addEventListener('scoresheet:move', (e) => moveSound(!!(e.detail && e.detail.capture)));
