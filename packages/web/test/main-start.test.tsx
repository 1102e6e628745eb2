import { describe, expect, it, vi } from 'vitest';

/** What the start did, in order: recorded by the modules main.tsx calls, all replaced here. */
const calls = vi.hoisted(() => [] as string[]);
const record = (name: string) => () => {
  calls.push(name);
};

vi.mock('react-dom/client', () => ({
  createRoot: () => ({ render: record('render') }),
}));
vi.mock('../src/app', () => ({ App: () => null }));
vi.mock('../src/sdk/im', () => ({ im: { debugLog: { captureConsole: record('captureConsole') } } }));
vi.mock('../src/i18n', () => ({
  initI18n: () => {
    calls.push('initI18n');
    return Promise.resolve();
  },
  loadWholeCatalogue: () => Promise.resolve(),
}));
vi.mock('../src/session/session', () => ({
  autoLogin: () => {
    calls.push('autoLogin');
    return Promise.resolve();
  },
  hasStoredSession: () => true,
}));
vi.mock('../src/session/bind-core-events', () => ({ bindCoreEvents: record('bindCoreEvents') }));
vi.mock('../src/utils/page-behaviour', () => ({ installPageBehaviour: record('installPageBehaviour') }));
vi.mock('../src/pwa/register-service-worker', () => ({
  registerServiceWorker: record('registerServiceWorker'),
}));
vi.mock('../src/theme/theme', () => ({ initTheme: record('initTheme') }));
vi.mock('../src/router/first-screen', () => ({
  afterFirstScreen: vi.fn(),
  startFirstScreenClock: record('startFirstScreenClock'),
}));
vi.mock('../src/router/prefetch', () => ({
  opensOnFirstScreen: () => true,
  preloadFirstScreen: record('preloadFirstScreen'),
}));

describe('the app start (main.tsx, docs/decisions.md#first-screen)', () => {
  it("asks for the first screen's code at once, then starts the rest and then React, each in a task of its own", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await import('../src/main');
    // What ran with the evaluation of the app's code.
    expect(calls).toEqual(['captureConsole', 'preloadFirstScreen']);

    const nextTask = () => new Promise((resolve) => setTimeout(resolve));
    await nextTask();
    const started = [
      'captureConsole',
      'preloadFirstScreen',
      'initI18n',
      'startFirstScreenClock',
      'initTheme',
      'installPageBehaviour',
      'bindCoreEvents',
      'autoLogin',
      'registerServiceWorker',
    ];
    expect(calls).toEqual(started);
    // React's root and the first render in the task after that.
    await nextTask();
    expect(calls).toEqual([...started, 'render']);
  });
});
