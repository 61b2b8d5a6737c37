import { useEffect, useState } from 'react';
import { reviewApi } from '../../net/review-api';
import type { Language } from '../../shared/language';

const NONE: ReadonlySet<string> = new Set();

/**
 * The keys of the learner's word cards due now, in the story's language: vocabulary mode marks them where a
 * scene happens to contain them (a library story cannot be written around them). Asked once per visit to
 * the mode; null turns it off.
 */
export function useDueWords(language: Language | null): ReadonlySet<string> {
  const [due, setDue] = useState<{ language: Language; keys: ReadonlySet<string> } | null>(null);
  useEffect(() => {
    if (!language) return;
    let live = true;
    reviewApi.dueWords(language).then(
      (keys) => live && setDue({ language, keys: new Set(keys) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return due && due.language === language ? due.keys : NONE;
}
