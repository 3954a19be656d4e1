import { FAILURE_SLOT_ID } from '../flow/defaults';
import type { FlowNode } from '../flow/schema';
import { meantToEnd, normalTargets } from './endings';
import type { LintIssue } from './types';

// The rules that look at one node alone; their answers are kept per node (lint-flow.ts) so an edit
// re-checks only the nodes it replaced.

const title = (node: FlowNode) => node.name.trim() || node.type;

/** What the node did that now goes nowhere, for the dead-end message. */
function whatItDid(node: FlowNode): string {
  switch (node.type) {
    case 'wizard':
      return 'collects a form';
    case 'device-permission':
      return "asks for the guest's location";
    case 'language-changer':
      return 'changes the language';
    case 'api':
      return 'fetches a result it does not show';
    case 'ai':
      return 'keeps an AI answer it does not show';
    case 'basic':
      return 'waits for an answer';
    default:
      return 'passes the chat on';
  }
}

/**
 * A dead end: no normal branch of the node is linked, so every run that gets there ends the chat
 * there, and the node is not one a chat is meant to end on (endings.ts meantToEnd). Failure paths
 * do not count as a way on (the api rule has its own issue). In a flow template an end goes back to
 * the caller, so the rule is left out there (lint-flow.ts).
 */
export function deadEnd(node: FlowNode): LintIssue | null {
  if (meantToEnd(node) || normalTargets(node).length > 0) return null;
  return {
    rule: 'dead-end',
    nodeId: node.id,
    message: `"${title(node)}" ${whatItDid(node)}, then leads nowhere: the chat ends there`,
  };
}

/** A choice's label in the default language, for the message. */
function optionLabel(slot: FlowNode['next'][number]): string | null {
  const text = slot.option?.en ?? Object.values(slot.option ?? {})[0];
  return text?.name ?? text?.label ?? null;
}

/** Every option of a choice (and its no-match output, the last one) should lead somewhere. */
export function choiceUnlinked(node: FlowNode): LintIssue[] {
  if (node.type !== 'choice') return [];
  const issues: LintIssue[] = [];
  node.next.forEach((slot, i) => {
    if (slot.node !== null) return;
    const noMatch = i === node.next.length - 1;
    const label = noMatch ? 'the no-match answer' : `option "${optionLabel(slot) ?? slot.id}"`;
    issues.push({
      rule: 'choice-unlinked',
      nodeId: node.id,
      message: `Choice "${title(node)}": ${label} has no link`,
    });
  });
  return issues;
}

/** The api node's failure target, wherever this version of the node keeps it. */
function failureTarget(node: FlowNode): string | null {
  if (node.type !== 'api') return null;
  // The failure slot (failure-link.ts); the stored failure target of older api nodes counts too.
  const slot = node.next.find((s) => s.onFailure);
  return slot?.node ?? node.store.failureTarget ?? null;
}

/**
 * An api call can fail (a timeout, a 500); without a failure path the chat stops there. The fix,
 * when the success output is linked, sends failures the same way: nothing the author made is lost.
 */
export function apiWithoutFailure(node: FlowNode): LintIssue | null {
  if (node.type !== 'api' || failureTarget(node) !== null) return null;
  const success = node.next.find((s) => !s.onFailure)?.node ?? node.store.successTarget;
  const slot = node.next.find((s) => s.onFailure)?.id ?? FAILURE_SLOT_ID;
  return {
    rule: 'api-without-failure',
    nodeId: node.id,
    message: `API "${title(node)}" has no failure path`,
    ...(success && {
      fix: {
        label: 'Continue the same way on failure',
        changes: [{ type: 'link' as const, from: node.id, slot, to: success }],
      },
    }),
  };
}
