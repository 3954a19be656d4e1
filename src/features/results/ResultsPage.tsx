import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CHANNELS, type ConversationRow } from '../../core/api/analytics';
import { Alert, Button, IntroHeading, Spinner } from '../../ui';
import { useBotsStore } from '../bots';
import { chartData } from './chart-data';
import { ConversationsTable } from './ConversationsTable';
import { authorOffset, formatPercent, PERIODS, periodOf, type PeriodKey } from './format';
import { MetricTiles, SplitTable } from './MetricTiles';
import { downloadCsv, type Filters } from './results-api';
import { TimeChart, type ChartSeries } from './TimeChart';
import { TranscriptModal } from './TranscriptModal';
import { useLiveMetrics } from './use-live-metrics';
import './results.css';

/** The results of one bot (issue 19 §3): live charts, the conversations and their export. */
export function ResultsPage() {
  const botId = Number(useParams().botId) || null;
  const bot = useBotsStore((s) => s.bots.find((b) => b.id === botId) ?? null);
  const [period, setPeriod] = useState<PeriodKey>('7d');
  const [channel, setChannel] = useState('');
  const [language, setLanguage] = useState('');
  const [open, setOpen] = useState<ConversationRow | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const offset = authorOffset();

  useEffect(() => {
    if (!useBotsStore.getState().bots.length) void useBotsStore.getState().load();
  }, []);

  const filters: Filters = useMemo(() => {
    const { ms } = periodOf(period);
    // A minute's precision: the filters stay the same between renders.
    const from = Math.floor((Date.now() - ms) / 60_000) * 60_000;
    return { from, channel: channel || undefined, language: language || undefined };
  }, [period, channel, language]);
  const metricsFilters = useMemo(
    () => ({ ...filters, bucket: periodOf(period).bucket, offset }),
    [filters, period, offset],
  );
  const { metrics, error, revision } = useLiveMetrics(botId, metricsFilters);
  const data = useMemo(() => (metrics ? chartData(metrics, offset) : null), [metrics, offset]);
  const volume: ChartSeries[] = useMemo(
    () =>
      data
        ? [
            { label: 'Conversations', values: data.conversations, colorVar: '--primary' },
            { label: 'Completed', values: data.completed, colorVar: '--success' },
          ]
        : [],
    [data],
  );
  const rates: ChartSeries[] = useMemo(
    () =>
      data
        ? [
            {
              label: 'Completion rate',
              values: data.completionRate,
              colorVar: '--success',
              format: formatPercent,
            },
            {
              label: 'Fallback rate',
              values: data.fallbackRate,
              colorVar: '--warning',
              format: formatPercent,
            },
          ]
        : [],
    [data],
  );

  const exportCsv = async (transcript: boolean) => {
    if (!botId) return;
    setExporting(transcript ? 'transcript' : 'answers');
    setExportError(null);
    try {
      await downloadCsv(botId, { ...filters, transcript: transcript ? '1' : undefined });
    } catch (e) {
      setExportError(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(null);
    }
  };

  if (!botId) return <Alert kind="error">This bot does not exist.</Alert>;
  const languages = metrics?.byLanguage.map((l) => l.key) ?? [];

  return (
    <section className="page results-page">
      <div className="results-toolbar">
        <IntroHeading
          title={`Results${bot ? ` of ${bot.name}` : ''}`}
          subtitle="How guests move through your bot, live"
        />
        <div className="results-actions">
          <Link className="btn btn-ghost btn-sm" to="/flow">
            Open flow
          </Link>
          <Button
            variant="outline"
            size="sm"
            loading={exporting === 'answers'}
            onClick={() => void exportCsv(false)}
          >
            Export CSV
          </Button>
          <Button
            variant="outline"
            size="sm"
            loading={exporting === 'transcript'}
            onClick={() => void exportCsv(true)}
          >
            Export with transcripts
          </Button>
        </div>
      </div>
      <div className="results-filters">
        <label>
          Period
          <select className="input" value={period} onChange={(e) => setPeriod(e.target.value as PeriodKey)}>
            {PERIODS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Channel
          <select className="input" value={channel} onChange={(e) => setChannel(e.target.value)}>
            <option value="">All channels</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          Language
          <select className="input" value={language} onChange={(e) => setLanguage(e.target.value)}>
            <option value="">All languages</option>
            {[...new Set([...languages, ...(language ? [language] : [])])].map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </div>
      {(error || exportError) && <Alert kind="error">{error ?? exportError}</Alert>}
      {!metrics || !data ? (
        !error && <Spinner />
      ) : (
        <>
          <MetricTiles metrics={metrics} />
          <div className="results-charts">
            <TimeChart title="Conversations over time" times={data.times} series={volume} />
            <TimeChart title="Completion and fallback rates" times={data.times} series={rates} yMax={1} />
          </div>
          <div className="results-splits">
            <SplitTable title="By channel" rows={metrics.byChannel} />
            <SplitTable title="By language" rows={metrics.byLanguage} />
          </div>
        </>
      )}
      <ConversationsTable botId={botId} filters={filters} revision={revision} onOpen={setOpen} />
      {open && <TranscriptModal botId={botId} row={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
