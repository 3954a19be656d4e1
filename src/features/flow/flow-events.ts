/** Spec 2 §2: Run flow only emits this event (the emulator listens; the run call is not the board's). */
export const RUN_FLOW_EVENT = 'botflow:run-flow';

export interface RunFlowDetail {
  botId: number;
  flowName: string;
}

export function emitRunFlow(detail: RunFlowDetail): void {
  window.dispatchEvent(new CustomEvent<RunFlowDetail>(RUN_FLOW_EVENT, { detail }));
}
