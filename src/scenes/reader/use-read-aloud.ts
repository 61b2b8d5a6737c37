import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Language } from '../../shared/language';
import { preferences } from '../../state/preferences';
import { bestVoice, speakLine, voicesFor } from '../read-aloud';

const synth = (): SpeechSynthesis | null => (typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null);

/** The browser's voices, kept up to date: most browsers load them after the page, and announce it. */
export function useVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth()?.getVoices() ?? []);
  useEffect(() => {
    const speech = synth();
    if (!speech) return;
    const update = () => setVoices(speech.getVoices());
    update();
    speech.addEventListener('voiceschanged', update);
    return () => speech.removeEventListener('voiceschanged', update);
  }, []);
  return voices;
}

export interface ReadAloud {
  /** Whether this browser has a voice for the language; without one the controls say so. */
  available: boolean;
  voices: SpeechSynthesisVoice[];
  /** Resolves when the voice has finished (or could not start). */
  speak(text: string): Promise<void>;
  stop(): void;
}

/** Read-aloud in the story's language, with the learner's voice and rate (Settings). */
export function useReadAloud(language: Language | null): ReadAloud {
  const voices = useVoices();
  const prefs = useSnapshot(preferences);
  const voice = language ? bestVoice(voices, language, prefs.readAloudVoices[language]) : null;
  const speak = useCallback(
    (text: string) => {
      const speech = synth();
      if (!speech || !voice || !language) return Promise.resolve();
      return speakLine(speech, text, language, { voice, rate: preferences.readAloudRate });
    },
    [voice, language],
  );
  const stop = useCallback(() => synth()?.cancel(), []);
  // Leaving the reader stops the voice.
  useEffect(() => stop, [stop]);
  return { available: voice !== null, voices: language ? voicesFor(voices, language) : [], speak, stop };
}
