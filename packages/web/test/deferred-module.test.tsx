import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { deferredModule } from '../src/utils/deferred-module';

function pointer(type: 'pointerdown' | 'pointerup', pointerId = 1): void {
  const event = new Event(type, { bubbles: true });
  Object.defineProperty(event, 'pointerId', { value: pointerId });
  document.body.dispatchEvent(event);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a deferred module (its full component takes over from the plain one)', () => {
  afterEach(() => {
    pointer('pointerup', 1);
    cleanup();
  });

  function setup() {
    let resolve: (label: string) => void = () => {};
    const module = deferredModule(() => new Promise<string>((done) => (resolve = done)));
    function Row() {
      const label = module.use();
      return <p>{label ?? 'plain'}</p>;
    }
    render(<Row />);
    return { module, resolve: (label: string) => resolve(label) };
  }

  it('takes over as soon as it has loaded when no finger is down', async () => {
    const { module, resolve } = setup();
    module.loadNow();
    await act(async () => {
      resolve('full');
      await tick();
    });
    expect(screen.getByText('full')).toBeTruthy();
  });

  it('waits for the finger to lift, so that a tap in progress keeps its element', async () => {
    const { module, resolve } = setup();
    pointer('pointerdown');
    module.loadNow();
    await act(async () => {
      resolve('full');
      await tick();
    });
    expect(screen.getByText('plain')).toBeTruthy();
    await act(async () => {
      pointer('pointerup');
      await tick();
    });
    expect(screen.getByText('full')).toBeTruthy();
  });
});
