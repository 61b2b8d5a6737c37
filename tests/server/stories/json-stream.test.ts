import { describe, expect, it } from 'vitest';
import { createJsonStream, JsonStreamError } from '../../../src/server/storyteller/openai/json-stream';

const document = {
  title: 'Rain "at" night \\ {x}',
  characters: [{ name: 'Aoi', appearance: { hair_style: 'bob', accessories: ['glasses'] } }],
  setting: { location: 'cafe', time_of_day: 'night' },
  dialogue: [
    { speaker: 'Aoi', emotion: 'happy', text: 'こんにちは、{世界|せかい}！ [1, 2]' },
    { speaker: 'narrator', emotion: 'neutral', text: 'The door opens, slowly.' },
  ],
  count: 3,
  is_ending: false,
  empty: [],
};

describe.skipIf(process.env.TEST_DB === 'postgres')('the streaming JSON reader', () => {
  it('reports every member and array element as soon as it is complete, whatever the chunking', () => {
    const text = 'Here you go:\n```json\n' + JSON.stringify(document, null, 2) + '\n```';
    for (const size of [1, 3, 17, text.length]) {
      const stream = createJsonStream();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...stream.push(text.slice(i, i + size)));
      expect(stream.complete).toBe(true);
      expect(events.filter((e) => e.kind === 'element' && e.key === 'dialogue').map((e) => e.value)).toEqual(document.dialogue);
      const members = Object.fromEntries(events.filter((e) => e.kind === 'member').map((e) => [e.key, e.value]));
      expect(members).toEqual(document);
    }
  });

  it('reports a line before the next one starts, and never a half-written one', () => {
    const stream = createJsonStream();
    const head = '{"dialogue": [{"speaker": "A", "text": "one"}';
    expect(stream.push(head)).toEqual([{ kind: 'element', key: 'dialogue', index: 0, value: { speaker: 'A', text: 'one' } }]);
    expect(stream.push(', {"speaker": "B", "text": "tw')).toEqual([]);
    expect(stream.complete).toBe(false);
  });

  it('throws on invalid JSON', () => {
    const stream = createJsonStream();
    expect(() => stream.push('{"dialogue": [{"speaker": A}]}')).toThrow(JsonStreamError);
  });
});
