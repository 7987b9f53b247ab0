/** The interface language: cn by default, stored; changing it reloads the page (spec §1). */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const LANGUAGES = ['cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'cn';
export const LANGUAGE_STORAGE_KEY = 'portal-language';

export type LocalizedText = { cn: string; en: string };

type LanguageState = {
  language: Language;
  setLanguage: (language: Language) => void;
};

/** Reloads the page; replaceable in tests (jsdom cannot reload). */
let reloadPage: () => void = () => window.location.reload();
export function setPageReloader(reload: () => void): void {
  reloadPage = reload;
}

export const useLanguageStore = create<LanguageState>()(
  persist(
    (set, get) => ({
      language: DEFAULT_LANGUAGE,
      setLanguage: (language) => {
        if (language === get().language) return;
        set({ language });
        reloadPage();
      },
    }),
    { name: LANGUAGE_STORAGE_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);

export function getLanguage(): Language {
  return useLanguageStore.getState().language;
}

export function localize(text: LocalizedText, language: Language = getLanguage()): string {
  return text[language] || text.cn;
}
