import {
  AudioLines,
  Bell,
  ClipboardList,
  Globe,
  Languages,
  ListChecks,
  MessageSquareText,
  Phone,
  ShieldCheck,
  Sparkles,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { ADDABLE_NODE_TYPES } from '../../../core/flow';

type AddableNodeType = (typeof ADDABLE_NODE_TYPES)[number];

/** The icon each node type is listed with in the Add-node menu (lucide, decorative). */
export const NODE_TYPE_ICONS: Record<AddableNodeType, LucideIcon> = {
  basic: MessageSquareText,
  choice: ListChecks,
  api: Globe,
  wizard: ClipboardList,
  ai: Sparkles,
  'realtime-ai': AudioLines,
  call: Phone,
  'language-changer': Languages,
  'device-permission': ShieldCheck,
  notification: Bell,
  'flow-template': Workflow,
};
