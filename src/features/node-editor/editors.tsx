import type { ComponentType } from 'react';
import type { NodeOfType, NodeType } from '../../core/flow';
import { AiEditor } from './ai/AiEditor';
import { RealtimeAiEditor } from './ai/RealtimeAiEditor';
import { ApiEditor } from './api/ApiEditor';
import { BasicEditor } from './basic/BasicEditor';
import { ChoiceEditor } from './choice/ChoiceEditor';
import type { NodeEditorProps } from './editor-context';
import { CallEditor } from './simple/CallEditor';
import { DevicePermissionEditor } from './simple/DevicePermissionEditor';
import { DynamicEditor } from './simple/DynamicEditor';
import { FlowTemplateEditor } from './simple/FlowTemplateEditor';
import { LanguageChangerEditor } from './simple/LanguageChangerEditor';
import { NotificationEditor } from './simple/NotificationEditor';
import { WizardEditor } from './wizard/WizardEditor';

/** One editor per node type (spec 2 §2); the modal adds the Conditions section around them. */
export const EDITORS: { [T in NodeType]: ComponentType<NodeEditorProps<NodeOfType<T>>> } = {
  basic: BasicEditor,
  choice: ChoiceEditor,
  api: ApiEditor,
  wizard: WizardEditor,
  ai: AiEditor,
  'realtime-ai': RealtimeAiEditor,
  call: CallEditor,
  'language-changer': LanguageChangerEditor,
  'device-permission': DevicePermissionEditor,
  notification: NotificationEditor,
  'flow-template': FlowTemplateEditor,
  dynamic: DynamicEditor,
};
