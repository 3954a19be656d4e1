import { create } from 'zustand';
import type { MetricsAnswer } from '../../../core/api/analytics';
import type { PeriodKey } from '../../results';

/** The board's Analytics overlay (issue 19 §2): whether it shows, for which period and version. */
interface OverlayState {
  on: boolean;
  period: PeriodKey;
  /** null: the published version. */
  version: number | null;
  metrics: MetricsAnswer | null;
  error: string | null;
  toggle: () => void;
  setPeriod: (period: PeriodKey) => void;
  setVersion: (version: number | null) => void;
}

export const useOverlayStore = create<OverlayState>((set) => ({
  on: false,
  period: '7d',
  version: null,
  metrics: null,
  error: null,
  toggle: () => set((s) => ({ on: !s.on, metrics: s.on ? null : s.metrics })),
  setPeriod: (period) => set({ period }),
  setVersion: (version) => set({ version }),
}));
