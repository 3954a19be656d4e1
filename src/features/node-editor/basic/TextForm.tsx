import { InputField, LangTextField } from '../widgets/fields';
import type { ContentEntry } from '../logic/entries';
import type { EntryFormProps } from './entry-form-types';

/** Text element: a title and the text per language (spec 2 §5: default-language text required). */
export function TextForm({ entry, change, errorAt }: EntryFormProps<ContentEntry>) {
  return (
    <>
      <InputField
        label="Title"
        value={entry.content.title}
        error={errorAt('content.title')}
        onChange={(title) =>
          change((e) => {
            e.content.title = title;
          })
        }
      />
      <LangTextField
        label="Text"
        type="textarea"
        rows={4}
        field="content.content"
        errorOf={errorAt}
        hint="Write variables as ${{name}}."
        value={entry.content.content as Record<string, string>}
        onChange={(texts) =>
          change((e) => {
            e.content.content = texts;
          })
        }
      />
    </>
  );
}
