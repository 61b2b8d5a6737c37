import type { Language } from '../shared/language';

/** The BCP 47 tag a story's language is spoken in. */
export const SPEECH_LANG: Record<Language, string> = { ja: 'ja-JP', en: 'en-GB' };

/** The voices that speak `language` (ja-JP, ja; en-GB, en-US…). */
export function voicesFor(voices: readonly SpeechSynthesisVoice[], language: Language): SpeechSynthesisVoice[] {
  return voices.filter((voice) => voice.lang.toLowerCase().replace('_', '-').split('-')[0] === language);
}

/**
 * The voice to read with: the learner's choice if this browser has it, else the browser's default for the
 * language, else one that runs on the device (no network, no delay), else the first there is.
 */
export function bestVoice(voices: readonly SpeechSynthesisVoice[], language: Language, chosen = ''): SpeechSynthesisVoice | null {
  const candidates = voicesFor(voices, language);
  return (
    candidates.find((v) => v.voiceURI === chosen) ??
    candidates.find((v) => v.default) ??
    candidates.find((v) => v.localService) ??
    candidates[0] ??
    null
  );
}

export interface SpeakOptions {
  voice: SpeechSynthesisVoice;
  rate: number;
}

/**
 * Speaks one line; settles when the voice has finished, was cancelled or failed. A new line cancels the
 * one being read, so lines never queue up behind each other.
 */
export function speakLine(synth: SpeechSynthesis, text: string, language: Language, { voice, rate }: SpeakOptions): Promise<void> {
  synth.cancel();
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = SPEECH_LANG[language];
    utterance.voice = voice;
    utterance.rate = rate;
    utterance.onend = () => resolve();
    utterance.onerror = () => resolve();
    synth.speak(utterance);
  });
}
