/** One Anki field: a single line, its line breaks as <br> and no tab (the field separator). */
function ankiField(text: string): string {
  return text.trim().replace(/\r\n|\r|\n/g, '<br>').replace(/\t/g, ' ');
}

/** A grammar card as one tab-separated line (front, back) that Anki's import reads as two fields. */
export function ankiClipboardText(card: { front: string; back: string }): string {
  return `${ankiField(card.front)}\t${ankiField(card.back)}`;
}

export const ANKI_COPIED = 'Anki data copied to clipboard!';
export const ANKI_COPY_FAILED = 'Could not copy to the clipboard';

/** Copies the card and tells the learner how it went (SPEC §8). */
export async function copyAnkiCard(card: { front: string; back: string }): Promise<boolean> {
  let copied = false;
  try {
    if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
    await navigator.clipboard.writeText(ankiClipboardText(card));
    copied = true;
  } catch {
    copied = false;
  }
  window.alert(copied ? ANKI_COPIED : ANKI_COPY_FAILED);
  return copied;
}
