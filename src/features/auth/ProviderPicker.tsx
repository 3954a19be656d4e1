import { useState } from 'react';
import { useProviderStore } from './provider-store';
import { Modal, SearchField, Spinner } from '../../ui';
import { ProviderCard } from './ProviderCard';
import { matchesProviderSearch } from './provider-search';

/** The "Select a Service Provider" modal, opened from the provider link in the top bar. */
export function ProviderPicker() {
  const providers = useProviderStore((s) => s.providers);
  const loaded = useProviderStore((s) => s.loaded);
  const selectedId = useProviderStore((s) => s.selectedId);
  const select = useProviderStore((s) => s.select);
  const setPickerOpen = useProviderStore((s) => s.setPickerOpen);
  const [search, setSearch] = useState('');

  const close = () => {
    setPickerOpen(false);
    setSearch('');
  };
  const visible = providers.filter((p) => matchesProviderSearch(p.name, search));

  return (
    <Modal title="Select a Service Provider" onClose={close} size="lg">
      <SearchField
        label="Search providers"
        placeholder="Search providers"
        value={search}
        onChange={setSearch}
        autoFocus
      />
      {!loaded ? (
        <div className="center-pad">
          <Spinner size={24} label="Loading providers" />
        </div>
      ) : visible.length === 0 ? (
        <p className="empty-text">No provider matches “{search}”.</p>
      ) : (
        <div className="provider-grid">
          {visible.map((provider) => {
            const selected = provider.mre_call_provider_id === selectedId;
            return (
              <ProviderCard
                key={provider.mre_call_provider_id}
                provider={provider}
                selected={selected}
                onPick={() => {
                  // Spec 1 §2: clicking the card already selected does nothing.
                  if (selected) return;
                  select(provider.mre_call_provider_id);
                  close();
                }}
              />
            );
          })}
        </div>
      )}
    </Modal>
  );
}
