import type { Entry } from '../../../core/flow';
import { entryKind, type ContentEntry } from '../logic/entries';
import { CarouselForm } from './CarouselForm';
import { DelayForm } from './DelayForm';
import type { EntryFormProps } from './entry-form-types';
import { ImageForm } from './ImageForm';
import { TextForm } from './TextForm';
import { VariableForm } from './VariableForm';
import { VideoForm } from './VideoForm';

/**
 * The form of one element, for a new entry (Add Element) or one edited in place. `formKey` names
 * the form's background work (image checks, uploads) so the modal can wait for it.
 */
export function EntryForm({ entry, change, errorAt, formKey }: EntryFormProps & { formKey: string }) {
  switch (entryKind(entry)) {
    case 'text':
      return <TextForm entry={entry as ContentEntry} change={change as never} errorAt={errorAt} />;
    case 'image':
      return (
        <ImageForm
          entry={entry as ContentEntry}
          change={change as never}
          errorAt={errorAt}
          checkKey={formKey}
        />
      );
    case 'video':
      return <VideoForm entry={entry as ContentEntry} change={change as never} errorAt={errorAt} />;
    case 'carousel':
      return (
        <CarouselForm
          entry={entry as ContentEntry}
          change={change as never}
          errorAt={errorAt}
          checkKey={formKey}
        />
      );
    case 'variable':
      return (
        <VariableForm
          entry={entry as Extract<Entry, { type: 'variable' }>}
          change={change as never}
          errorAt={errorAt}
          checkKey={formKey}
        />
      );
    case 'delay':
      return (
        <DelayForm
          entry={entry as Extract<Entry, { type: 'delay' }>}
          change={change as never}
          errorAt={errorAt}
        />
      );
  }
}
