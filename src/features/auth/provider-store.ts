import { create } from 'zustand';
import { fetchProviders, type CallProvider } from '../../api/auth';
import { storageKeys } from '../../api/storage';
import { DEFAULT_PROVIDER_ID } from '../../core/constants';

interface ProviderStore {
  providers: CallProvider[];
  loaded: boolean;
  /** The stored id (key "sp") or the built-in default (spec 1 §4 Selected provider). */
  selectedId: string;
  pickerOpen: boolean;
  load: () => Promise<void>;
  select: (id: string) => void;
  setPickerOpen: (open: boolean) => void;
}

export const useProviderStore = create<ProviderStore>((set, get) => ({
  providers: [],
  loaded: false,
  selectedId: localStorage.getItem(storageKeys.selectedProvider) ?? DEFAULT_PROVIDER_ID,
  pickerOpen: false,
  load: async () => {
    if (get().loaded) return;
    try {
      const providers = await fetchProviders();
      set({ providers: Array.isArray(providers) ? providers : [], loaded: true });
    } catch (error) {
      // Spec 1 §8: handling not shown. The picker stays empty and login stays disabled.
      console.error('Unable to load providers', error);
    }
  },
  select: (id) => {
    localStorage.setItem(storageKeys.selectedProvider, id);
    set({ selectedId: id });
  },
  setPickerOpen: (pickerOpen) => set({ pickerOpen }),
}));

/**
 * The provider login and signup use: the stored one, or the default when the stored id is gone.
 * Null until the list has loaded, which keeps both forms disabled (spec 1 §5).
 */
export function selectedProviderOf(
  state: Pick<ProviderStore, 'providers' | 'selectedId'>,
): CallProvider | null {
  const { providers, selectedId } = state;
  return (
    providers.find((p) => p.mre_call_provider_id === selectedId) ??
    providers.find((p) => p.mre_call_provider_id === DEFAULT_PROVIDER_ID) ??
    null
  );
}

export function useSelectedProvider(): CallProvider | null {
  return useProviderStore(selectedProviderOf);
}
