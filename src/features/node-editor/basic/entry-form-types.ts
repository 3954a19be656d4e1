import type { Draft } from 'immer';
import type { Entry } from '../../../core/flow';

/** Changes one entry: write to the draft, or return a replacement (immer recipe). */
export type ChangeEntry<E extends Entry = Entry> = (recipe: (draft: Draft<E>) => E | void) => void;

/** What every element form gets: the entry, how to change it, and its problems by relative field. */
export interface EntryFormProps<E extends Entry = Entry> {
  entry: E;
  change: ChangeEntry<E>;
  errorAt: (field: string) => string | undefined;
}
