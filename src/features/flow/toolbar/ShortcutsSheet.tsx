import { Modal } from '../../../ui';
import { SHORTCUTS } from './use-shortcuts';

/** Issue 20 §8: `?` shows every shortcut and gesture of the board. */
export function ShortcutsSheet({ onClose }: { onClose(): void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} size="md">
      <ShortcutTable />
    </Modal>
  );
}

/** The board's shortcuts as a table (the sheet and the help modal). */
export function ShortcutTable() {
  return (
    <table className="flow-shortcuts">
      <tbody>
        {SHORTCUTS.map(({ keys, action }) => (
          <tr key={keys}>
            <th scope="row">
              <kbd>{keys}</kbd>
            </th>
            <td>{action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
