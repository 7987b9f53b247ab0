/**
 * A lazy route page showing `NotYetAvailable` with the route's title in the user's language. It is
 * a subpath export (`@portal/shared-ui/not-yet-available-page`) so a remote's routes module can
 * use it without pulling all of shared-ui (tables, forms) before a page is opened.
 */
import type { LazyPage, RemoteRoute } from '@portal/shared-core';

export function notYetAvailablePage(title: RemoteRoute['title']): LazyPage {
  return async () => {
    const [{ NotYetAvailable }, { getLanguage, localize }] = await Promise.all([import('./not-yet-available'), import('@portal/shared-core')]);
    return {
      default: function NotYetAvailablePage() {
        const language = getLanguage();
        return <NotYetAvailable title={localize(title, language)} lang={language} />;
      },
    };
  };
}
