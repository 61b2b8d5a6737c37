import { ReaderPanel } from './ReaderPanel';

/** Every key of the reader, SPEC's and ours, in the order a reader meets them. */
export const READER_KEYS: readonly { keys: string[]; action: string }[] = [
  { keys: ['Space', 'Enter'], action: 'Show the whole line; then the next line or page' },
  { keys: ['PageUp'], action: 'Look back at the lines already read (or the mouse wheel up; a swipe down)' },
  { keys: ['PageDown'], action: 'Forward again, back to where you were (or the wheel down)' },
  { keys: ['A'], action: 'Auto mode on or off: the story moves on by itself' },
  { keys: ['K'], action: 'Skip the lines already read, to the first one you have not (or the choices)' },
  { keys: ['R'], action: 'Read the line aloud' },
  { keys: ['V'], action: 'Hide the interface to see the picture; any key or tap shows it again' },
  { keys: ['F'], action: 'Fullscreen on or off' },
  { keys: ['H'], action: 'Backlog: the story so far from scene 1, and the other path from any past choice' },
  { keys: ['S'], action: 'Settings' },
  { keys: ['Ctrl', 'S'], action: 'Save' },
  { keys: ['Ctrl', 'L'], action: 'Load' },
  { keys: ['Q'], action: 'Quick save: one slot for this story, apart from the ten' },
  { keys: ['Shift', 'Q'], action: 'Quick load' },
  { keys: ['Esc'], action: 'Close a panel or popup' },
  { keys: ['?'], action: 'These keys' },
];

/** The keyboard help sheet (?), also reachable from the keys named in the toolbar's tooltips. */
export function KeysPanel({ onClose }: { onClose(): void }) {
  return (
    <ReaderPanel title="Keyboard" onClose={onClose} className="rp-panel--keys">
      <div className="rp-panel__body">
        <table className="rp-keys">
          <caption className="visually-hidden">Reader keys and what they do</caption>
          <tbody>
            {READER_KEYS.map(({ keys, action }) => (
              <tr key={action}>
                <th scope="row">
                  {keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 && (keys[0] === 'Ctrl' || keys[0] === 'Shift' ? '+' : ' or ')}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </th>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ReaderPanel>
  );
}
