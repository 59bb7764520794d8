// A short two-tone beep made with WebAudio, so the page needs no sound file.

/** Beeps on demand; its audio context is made on the first beep (browsers allow it after a user gesture). */
export class Beeper {
  constructor() {
    /** @type {AudioContext | null} */
    this.context = null;
  }

  /** Play the beep; silently nothing where audio is unavailable (the title and highlight still tell the player). */
  beep() {
    try {
      this.context ??= new AudioContext();
      const context = this.context;
      const now = context.currentTime;
      for (const [offset, freq] of [[0, 660], [0.16, 880]]) {
        const osc = context.createOscillator();
        const gain = context.createGain();
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, now + offset);
        gain.gain.exponentialRampToValueAtTime(0.2, now + offset + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.14);
        osc.connect(gain).connect(context.destination);
        osc.start(now + offset);
        osc.stop(now + offset + 0.15);
      }
    } catch {
      // No audio device or autoplay blocked.
    }
  }
}
