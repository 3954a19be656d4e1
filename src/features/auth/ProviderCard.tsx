import type { CallProvider } from '../../api/auth';
import comingSoon from './coming-soon.svg';

/** One provider in the picker; without an icon it shows the coming-soon image (spec 1 §2). */
export function ProviderCard({
  provider,
  selected,
  onPick,
}: {
  provider: CallProvider;
  selected: boolean;
  onPick: () => void;
}) {
  return (
    <button
      type="button"
      className={selected ? 'provider-card selected' : 'provider-card'}
      aria-pressed={selected}
      onClick={onPick}
    >
      <img
        className="provider-icon"
        src={provider.icon_url || comingSoon}
        alt=""
        onError={(e) => {
          // A broken icon URL falls back to the same placeholder as a missing one.
          if (!e.currentTarget.src.endsWith(comingSoon)) e.currentTarget.src = comingSoon;
        }}
      />
      <span className="provider-text">
        <span className="provider-name">{provider.name}</span>
        <span className="provider-description">{provider.description}</span>
      </span>
    </button>
  );
}
