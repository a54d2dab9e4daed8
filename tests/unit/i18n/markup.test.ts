/**
 * DESIGN.md "Languages": a text that holds markup is shown with react-i18next's `Trans`, which
 * fills each tag (`<strong>…</strong>`) with the element the component names for it. A
 * translation must name the same tags as the German source, or a name or number loses its
 * element (or a tag shows as text).
 */
import { describe, expect, it } from 'vitest';
import { de, en, cs, ru } from './allTexts.ts';
import { flatten } from './localeKeys.ts';

const TAG = /<\/?([a-zA-Z][\w-]*)\s*\/?>/g;

/** The tags of a text, opening and closing, sorted: "<strong>", "</strong>", … */
function tagsOf(text: string): string[] {
  return [...text.matchAll(TAG)].map((m) => m[0].replace(/\s/g, '')).sort();
}

const SOURCE = flatten(de);

describe('I18N9: markup in texts', () => {
  it('I18N9: the source has texts with markup, each tag opened and closed', () => {
    const marked = Object.entries(SOURCE).filter(([, text]) => tagsOf(text).length > 0);
    expect(marked.map(([key]) => key)).toContain('remoteAlarm.summary.onCall');
    for (const [key, text] of marked) {
      const tags = tagsOf(text);
      const opened = tags.filter((t) => !t.startsWith('</')).map((t) => t.slice(1));
      const closed = tags.filter((t) => t.startsWith('</')).map((t) => t.slice(2));
      expect({ key, closed }).toEqual({ key, closed: opened });
    }
  });

  for (const [lang, tree] of Object.entries({ en, cs, ru }))
    it(`I18N9: ${lang} has the tags of the source in every text`, () => {
      const messages = flatten(tree);
      const differing = Object.entries(messages)
        .filter(([key]) => SOURCE[key] !== undefined)
        .filter(([key, text]) => tagsOf(text).join() !== tagsOf(SOURCE[key]!).join())
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });
});
