"use client";

/** Tiny beeps made with WebAudio: no audio assets are downloaded. */
export type SoundName = "move" | "low-time" | "end" | "turn";

const TONES: Record<SoundName, readonly { freq: number; ms: number }[]> = {
  move: [{ freq: 660, ms: 60 }],
  "low-time": [
    { freq: 880, ms: 80 },
    { freq: 880, ms: 80 },
  ],
  // Your turn in a game not on screen (docs/web.md, "My games").
  turn: [
    { freq: 587, ms: 70 },
    { freq: 880, ms: 90 },
  ],
  end: [
    { freq: 523, ms: 120 },
    { freq: 659, ms: 120 },
    { freq: 784, ms: 220 },
  ],
};

const MUTE_KEY = "arena.muted";
let context: AudioContext | null = null;

export function isMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

export function setMuted(muted: boolean): void {
  try {
    localStorage.setItem(MUTE_KEY, muted ? "1" : "0");
  } catch {
    // ignore
  }
}

export function playSound(name: SoundName): void {
  if (isMuted() || typeof window === "undefined" || typeof window.AudioContext !== "function") return;
  try {
    context ??= new window.AudioContext();
    let at = context.currentTime;
    for (const tone of TONES[name]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = "sine";
      osc.frequency.value = tone.freq;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.ms / 1000);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + tone.ms / 1000);
      at += tone.ms / 1000 + 0.03;
    }
  } catch {
    // audio is a nicety; never let it break the page
  }
}
