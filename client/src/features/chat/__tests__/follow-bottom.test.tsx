import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FollowBottom, onNewContent, useFollowBottom } from '@/features/chat/lib/follow-bottom';

/** A scroller with a layout jsdom does not compute: 1000 px of content in a 300 px window. */
function Harness({
  count,
  newest,
  mine,
  onApi,
  ready = true,
}: {
  count: number;
  newest: number;
  mine: boolean;
  onApi: (f: FollowBottom) => void;
  /** false: still loading, the scroller is not on screen yet (the thread's first render). */
  ready?: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  onApi(useFollowBottom(scroller, content, count, newest, mine, ready));
  if (!ready) return <p>loading</p>;
  return (
    <div
      ref={(el) => {
        scroller.current = el;
        if (el && !('fake' in el.dataset)) {
          el.dataset.fake = '';
          let height = 1000;
          Object.defineProperty(el, 'scrollHeight', { get: () => height, configurable: true });
          Object.defineProperty(el, 'clientHeight', { get: () => 300, configurable: true });
          (el as unknown as { grow: (n: number) => void }).grow = (n) => {
            height += n;
          };
        }
      }}
      data-testid="scroller"
    >
      <div ref={content} />
    </div>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('following the newest message', () => {
  it('decides: follow when at the bottom or when I sent it, else a pill', () => {
    expect(onNewContent({ following: true, mineNewest: false, added: true })).toBe('scroll');
    expect(onNewContent({ following: false, mineNewest: true, added: true })).toBe('scroll');
    expect(onNewContent({ following: false, mineNewest: false, added: true })).toBe('pill');
    expect(onNewContent({ following: false, mineNewest: false, added: false })).toBe('none');
  });

  it('opens at the bottom, keeps following at the bottom, shows the pill when scrolled up, keeps the position for older pages', () => {
    let api: FollowBottom | null = null;
    const setApi = (f: FollowBottom) => {
      api = f;
    };
    const { rerender, getByTestId } = render(<Harness count={30} newest={30} mine={false} onApi={setApi} />);
    const el = getByTestId('scroller') as HTMLDivElement & { grow: (n: number) => void };
    expect(el.scrollTop).toBe(1000);

    // a new message while at the bottom: follow
    el.grow(100);
    rerender(<Harness count={31} newest={31} mine={false} onApi={setApi} />);
    expect(el.scrollTop).toBe(1100);
    expect(api!.unseen).toBe(false);

    // the reader scrolls up: a new message raises the pill and the view stays
    act(() => {
      el.scrollTop = 200;
      el.dispatchEvent(new Event('scroll'));
    });
    el.grow(100);
    rerender(<Harness count={32} newest={32} mine={false} onApi={setApi} />);
    expect(el.scrollTop).toBe(200);
    expect(api!.unseen).toBe(true);

    // my own message always scrolls down
    el.grow(100);
    rerender(<Harness count={33} newest={33} mine onApi={setApi} />);
    expect(el.scrollTop).toBe(1300);
    expect(api!.unseen).toBe(false);

    // older messages: the distance from the bottom is kept
    act(() => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
    });
    act(() => api!.keepPosition());
    el.grow(500);
    rerender(<Harness count={53} newest={33} mine={false} onApi={setApi} />);
    expect(el.scrollTop).toBe(500);

    // the pill's action
    act(() => api!.toBottom());
    expect(el.scrollTop).toBe(1800);
  });

  it('stays at the bottom when its window gets shorter (the composer arriving), not when scrolled up', () => {
    // jsdom has no ResizeObserver: one that records what it observes and calls back on demand
    const observed: Element[] = [];
    let resized = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe(target: Element) {
          observed.push(target);
        }
        disconnect() {}
      },
    );
    const { getByTestId } = render(<Harness count={30} newest={30} mine={false} onApi={() => {}} />);
    const el = getByTestId('scroller') as HTMLDivElement & { grow: (n: number) => void };
    expect(observed).toContain(el);
    expect(el.scrollTop).toBe(1000);
    // the window shrinks by 40 px: the browser keeps scrollTop, the newest message would be half hidden
    el.grow(40);
    act(() => resized());
    expect(el.scrollTop).toBe(1040);
    // scrolled up to read: a resize leaves the reader where they are
    act(() => {
      el.scrollTop = 100;
      el.dispatchEvent(new Event('scroll'));
    });
    act(() => resized());
    expect(el.scrollTop).toBe(100);
  });

  it('listens to the reader once the thread appears after loading', () => {
    let api: FollowBottom | null = null;
    const setApi = (f: FollowBottom) => {
      api = f;
    };
    const { rerender, getByTestId } = render(
      <Harness count={0} newest={0} mine={false} onApi={setApi} ready={false} />,
    );
    rerender(<Harness count={30} newest={30} mine={false} onApi={setApi} />);
    const el = getByTestId('scroller') as HTMLDivElement & { grow: (n: number) => void };
    expect(el.scrollTop).toBe(1000);
    act(() => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
    });
    el.grow(100);
    rerender(<Harness count={31} newest={31} mine={false} onApi={setApi} />);
    expect(el.scrollTop).toBe(0);
    expect(api!.unseen).toBe(true);
  });
});
