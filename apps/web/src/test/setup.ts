import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { areaStrings } from '../i18n/area-strings.ts';
import { i18n } from '../i18n/index.ts';

// Screens fetch the on-demand areas' strings as they load (router.tsx); components under test get them now.
i18n.addResourceBundle('en', 'translation', areaStrings, true, false);

// Mantine's notifications live in a module-level store that outlives a render: files of a worker share the
// module graph, so a notification one test left would show in the next file's Notifications.
afterEach(() => {
  cleanup();
  notifications.clean();
});
// findBy* and waitFor give up after this long: a bound for a busy CI machine running files side by side, not a wait.
// Notifications and dialogs mount after their transitions; at a load of 10 on 2 cores that took over 5 s.
configure({ asyncUtilTimeout: 15_000 });

// Mantine reads these browser APIs that jsdom lacks.
const { getComputedStyle } = window;
window.getComputedStyle = (element) => getComputedStyle(element);
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
