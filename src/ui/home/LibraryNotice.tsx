import type { Language, StoryLevel } from '../../shared/language';
import type { ThemeId } from '../../shared/stories';
import type { LibraryAvailability } from '../../shared/story-views';
import { LANGUAGE_NAMES, themeName } from './story-labels';

const bandName = (levels: readonly string[]) => levels.join('–');
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** Other themes shown at most, beside the neighbouring bands: enough to choose from without filling a phone. */
const OTHER_THEMES_SHOWN = 2;

/**
 * What the built-in library holds for the chosen options, said before a story is spent: how many are new
 * to the learner and, once a theme and band are all read, what Start Reading would open instead and which
 * nearby choices still have unread stories.
 */
export function LibraryNotice({
  availability,
  language,
  theme,
  onChoose,
}: {
  availability: LibraryAvailability;
  language: Language;
  theme: ThemeId;
  onChoose: (theme: ThemeId, level: StoryLevel) => void;
}) {
  const { total, unread, next } = availability;
  const otherThemes = availability.elsewhere.filter((option) => option.theme !== theme).slice(0, OTHER_THEMES_SHOWN);
  const elsewhere = [...otherThemes, ...availability.elsewhere.filter((option) => option.theme === theme)];
  const asked = `${themeName(theme)} ${total === 1 ? 'story' : 'stories'}`;
  if (!next) return null;
  const title = (
    <cite className="library-title" lang={language}>
      {next.title}
    </cite>
  );
  if (next.reason === 'unread') {
    return (
      <p className="library-note" role="status">
        From the built-in story library: {unread} of {total} {asked} at {bandName(next.levels)} {unread === 1 ? 'is' : 'are'} new to you. Next: {title}
      </p>
    );
  }
  return (
    <div className="alert alert-warning library-read" role="status">
      <p>
        {next.reason === 'reread' ? (
          <>
            You have read every {LANGUAGE_NAMES[language]} story in the library. Start Reading will open {title} again.
          </>
        ) : (
          <>
            You have read all {total} {asked} at this level. Start Reading will open {title}, {withArticle(themeName(next.theme))} story at{' '}
            {bandName(next.levels)}.
          </>
        )}
      </p>
      {elsewhere.length > 0 && (
        <div className="library-elsewhere">
          <span>Or choose:</span>
          {elsewhere.map((option) => (
            <button
              key={`${option.theme}-${option.levels.join()}`}
              type="button"
              className="btn btn-secondary btn-small"
              // Moving up a band starts at its easier level; moving down, at its harder one.
              onClick={() => onChoose(option.theme, option.levels[0]!)}
            >
              {themeName(option.theme)} · {bandName(option.levels)} · {option.unread} new
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
