import type { DelayEntry } from '../../../core/flow';
import { NumberInput } from '../widgets/fields';
import type { EntryFormProps } from './entry-form-types';

/** Delay element (spec 2 §5): seconds above 0; the input steps by 0.5 from 1. */
export function DelayForm({ entry, change, errorAt }: EntryFormProps<DelayEntry>) {
  return (
    <NumberInput
      label="Delay (seconds)"
      value={entry.seconds}
      min={1}
      step={0.5}
      error={errorAt('seconds')}
      onChange={(seconds) =>
        change((e) => {
          e.seconds = seconds ?? 0;
        })
      }
    />
  );
}
