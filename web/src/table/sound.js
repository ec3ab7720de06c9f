// Short sounds synthesized with Web Audio (no sound files): a card played, your turn, a trick
// won, a cante, the match end. The mute switch is kept in localStorage ("cuatrola.sound").

const STORAGE_KEY = "cuatrola.sound";

// Each sound as notes: [frequency Hz, start s, length s, wave, gain]
const SOUNDS = {
  card: [[220, 0, 0.07, "triangle", 0.25], [160, 0.02, 0.06, "sine", 0.18]],
  turn: [[660, 0, 0.12, "sine", 0.22], [880, 0.13, 0.16, "sine", 0.22]],
  trick: [[392, 0, 0.1, "triangle", 0.2], [523, 0.09, 0.14, "triangle", 0.2]],
  cante: [[523, 0, 0.12, "square", 0.08], [659, 0.11, 0.12, "square", 0.08], [784, 0.22, 0.22, "square", 0.08]],
  match: [[523, 0, 0.18, "triangle", 0.22], [659, 0.16, 0.18, "triangle", 0.22], [784, 0.32, 0.18, "triangle", 0.22], [1047, 0.48, 0.4, "triangle", 0.22]],
};

let context = null;

export function soundOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setSoundOn(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // storage may be disabled: the switch then lasts for this page only
  }
  memory = on;
}

let memory = null;

function enabled() {
  return memory === null ? soundOn() : memory;
}

/** Play a named sound unless muted; silently nothing where Web Audio is missing or blocked. */
export function play(name) {
  const notes = SOUNDS[name];
  if (!notes || !enabled()) return false;
  const Ctx = typeof window === "undefined" ? null : window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return false;
  try {
    context ||= new Ctx();
    if (context.state === "suspended") context.resume().catch(() => null);
    const start = context.currentTime + 0.01;
    for (const [freq, at, length, wave, gain] of notes) {
      const osc = context.createOscillator();
      const amp = context.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      amp.gain.setValueAtTime(0.0001, start + at);
      amp.gain.exponentialRampToValueAtTime(gain, start + at + 0.01);
      amp.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      osc.connect(amp).connect(context.destination);
      osc.start(start + at);
      osc.stop(start + at + length + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}

export const SOUND_NAMES = Object.keys(SOUNDS);
