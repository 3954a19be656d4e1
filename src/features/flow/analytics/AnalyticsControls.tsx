import { Link } from 'react-router';
import { PERIODS, type PeriodKey } from '../../results';
import { useFlow } from '../store/flow-context';
import { selectFlowName } from '../store/flow-store';
import { useOverlayStore } from './overlay-store';
import { useOverlayData } from './use-overlay-data';

/** The top bar's Analytics switch, its period and version, and the way to the results page. */
export function AnalyticsControls({ botId }: { botId: number | null }) {
  const on = useOverlayStore((s) => s.on);
  const period = useOverlayStore((s) => s.period);
  const version = useOverlayStore((s) => s.version);
  const metrics = useOverlayStore((s) => s.metrics);
  const flowName = useFlow(selectFlowName);
  useOverlayData(botId, flowName);
  const versions = metrics?.versions ?? [];
  return (
    <div className="flow-analytics-controls">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        className={on ? 'flow-analytics-switch on' : 'flow-analytics-switch'}
        onClick={() => useOverlayStore.getState().toggle()}
        disabled={botId === null}
      >
        <span className="flow-analytics-knob" aria-hidden="true" />
        Analytics
      </button>
      {on && (
        <>
          <select
            className="input flow-select"
            aria-label="Analytics period"
            value={period}
            onChange={(e) => useOverlayStore.getState().setPeriod(e.target.value as PeriodKey)}
          >
            {PERIODS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
          <select
            className="input flow-select"
            aria-label="Flow version"
            value={version ?? ''}
            onChange={(e) =>
              useOverlayStore.getState().setVersion(e.target.value ? Number(e.target.value) : null)
            }
          >
            <option value="">Published version{metrics ? ` (v${metrics.version})` : ''}</option>
            {versions.map((v) => (
              <option key={v} value={v}>
                Version {v}
              </option>
            ))}
          </select>
        </>
      )}
      {botId !== null && (
        <Link className="btn btn-ghost btn-sm" to={`/results/${botId}`}>
          Results
        </Link>
      )}
    </div>
  );
}
