import { describe, expect, it } from 'vitest';
import { EMOTIONS, isUuidV4, normalizeEmotion } from '../../src/shared/art';

describe('normalizeEmotion (SPEC §3)', () => {
  it('keeps the seven emotions', () => {
    for (const emotion of EMOTIONS) expect(normalizeEmotion(emotion)).toBe(emotion);
  });

  it.each([
    ['curious', 'thinking'],
    ['Contemplative', 'thinking'],
    ['anxious', 'sad'],
    ['scared', 'sad'],
    ['excited', 'happy'],
    ['delighted', 'happy'],
    ['calm', 'neutral'],
    ['content', 'neutral'],
    ['frustrated', 'angry'],
    ['irritated', 'angry'],
    ['shy', 'blushing'],
    ['embarrassed', 'blushing'],
    ['startled', 'surprised'],
    ['shocked', 'surprised'],
    ['bewildered', 'neutral'],
    ['', 'neutral'],
  ])('%s → %s', (word, emotion) => {
    expect(normalizeEmotion(word)).toBe(emotion);
  });
});

describe('isUuidV4', () => {
  it('accepts only version-4 UUIDs', () => {
    expect(isUuidV4('3f2b9c1e-8d4a-4b6e-9f1a-2c3d4e5f6a7b')).toBe(true);
    expect(isUuidV4('6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(false);
    expect(isUuidV4('3f2b9c1e-8d4a-4b6e-7f1a-2c3d4e5f6a7b')).toBe(false);
    expect(isUuidV4('not-a-uuid')).toBe(false);
  });
});
