import type { ReviewCard } from '../../shared/review';

/** The story's sentence with the saved word marked: the card's front. */
export function SentenceWithWord({ card }: { card: Pick<ReviewCard, 'sentence' | 'start' | 'length' | 'language'> }) {
  const { sentence, start, length, language } = card;
  if (length === 0) return <p className="review-sentence" lang={language}>{sentence}</p>;
  return (
    <p className="review-sentence" lang={language}>
      {sentence.slice(0, start)}
      <mark className="review-target">{sentence.slice(start, start + length)}</mark>
      {sentence.slice(start + length)}
    </p>
  );
}
