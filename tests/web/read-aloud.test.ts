import { describe, expect, it } from 'vitest';
import { bestVoice, voicesFor } from '../../src/scenes/read-aloud';

const voice = (name: string, lang: string, extra: Partial<SpeechSynthesisVoice> = {}) =>
  ({ name, lang, voiceURI: name, default: false, localService: false, ...extra }) as SpeechSynthesisVoice;

const voices = [
  voice('Daniel', 'en-GB', { localService: true }),
  voice('Kyoko', 'ja-JP'),
  voice('Otoya', 'ja_JP', { localService: true }),
  voice('Google 日本語', 'ja-JP', { default: true }),
  voice('Samantha', 'en-US', { default: true }),
];

describe('read-aloud voices', () => {
  it('finds the voices of a language, whatever the tag looks like', () => {
    expect(voicesFor(voices, 'ja').map((v) => v.name)).toEqual(['Kyoko', 'Otoya', 'Google 日本語']);
    expect(voicesFor(voices, 'en').map((v) => v.name)).toEqual(['Daniel', 'Samantha']);
  });

  it('takes the learner’s voice, else the default, else a voice on the device', () => {
    expect(bestVoice(voices, 'ja', 'Kyoko')?.name).toBe('Kyoko');
    expect(bestVoice(voices, 'ja', 'Gone')?.name).toBe('Google 日本語');
    expect(bestVoice(voices.filter((v) => !v.default), 'ja')?.name).toBe('Otoya');
    // A voice of another language is never taken, even when chosen.
    expect(bestVoice(voices, 'en', 'Kyoko')?.name).toBe('Samantha');
  });

  it('has no voice where the browser has none for the language', () => {
    expect(bestVoice(voices.filter((v) => v.lang.startsWith('en')), 'ja')).toBeNull();
    expect(bestVoice([], 'en')).toBeNull();
  });
});
