import { Switch } from '../../../ui';
import type { LanguageChangerNode } from '../../../core/flow';
import { languageLabel } from '../../../core/bot/language-label';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { languageOption } from '../logic/modal-meta';
import { NodeNameField, SelectField } from '../widgets/fields';

/** Spec 2 §2 Language-changer node: the target language, one of the bot's supported languages. */
export function LanguageChangerEditor({ node, edit }: NodeEditorProps<LanguageChangerNode>) {
  const { errorAt, languages } = useNodeEditor();
  const supported = languages.some((l) => l.id === node.language);
  return (
    <>
      <NodeNameField value={node.name} onChange={(name) => edit((d) => void (d.name = name))} />
      <SelectField
        label="Target language"
        value={supported ? node.language : ''}
        placeholder="Choose a language"
        options={languages.map((l) => ({
          value: l.id,
          label: languageOption(l.code, languageLabel(l.name)),
        }))}
        error={errorAt('language')}
        onChange={(language) => edit((d) => void (d.language = language))}
      />
      <Switch
        label="Remember preference"
        checked={node.rememberPreference}
        hint="Keep this language for the guest's next visits."
        onChange={(remember) => edit((d) => void (d.rememberPreference = remember))}
      />
    </>
  );
}
