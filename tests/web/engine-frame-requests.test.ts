import { describe, expect, it } from 'vitest';
import { FigureMotion } from '../../src/engine/figure-motion';
import { FrameRequests } from '../../src/engine/frame-requests';
import { fitStage } from '../../src/engine/stage-fit';

describe('FrameRequests', () => {
  it('renders only the frames asked for', () => {
    const frames = new FrameRequests();
    let renders = 0;
    const render = () => renders++;
    frames.frame(render);
    frames.frame(render);
    expect(renders).toBe(1);
    frames.request();
    frames.frame(render);
    frames.frame(render);
    expect(renders).toBe(2);
  });

  it('settles once the props given are taken in and no part is busy', async () => {
    const frames = new FrameRequests();
    let busy = true;
    frames.track(() => busy);
    const props = {};
    frames.want(props);
    let settled = false;
    void frames.settled().then(() => (settled = true));
    const tick = async () => {
      frames.frame(() => undefined);
      await Promise.resolve();
    };
    await tick();
    expect(settled).toBe(false);
    frames.applied(props);
    await tick();
    expect(settled).toBe(false);
    busy = false;
    await tick();
    expect(settled).toBe(true);
  });

  it('lets every waiter go when closed', async () => {
    const frames = new FrameRequests();
    frames.track(() => true);
    const waiting = frames.settled();
    frames.close();
    await expect(waiting).resolves.toBeUndefined();
    await expect(frames.settled()).resolves.toBeUndefined();
  });
});

describe('FigureMotion', () => {
  const context = { fit: fitStage({ width: 1280, height: 720 }), resolution: 1, reducedMotion: false };
  const picture = { width: 600, height: 1200 };

  it('rises into place and holds still', () => {
    const motion = new FigureMotion('enter');
    const start = motion.place(picture, context);
    expect(start.alpha).toBe(0);
    motion.advance(225);
    const half = motion.place(picture, context);
    expect(half.alpha).toBeCloseTo(0.5, 5);
    expect(half.y).toBeGreaterThan(motion.place(picture, { ...context, reducedMotion: true }).y);
    motion.advance(300);
    expect(motion.moving).toBe(false);
    expect(motion.place(picture, context)).toMatchObject({ alpha: 1, y: start.y - 18 });
  });

  it('leaves from where it is, halfway through arriving, and is gone once the fade has run', () => {
    const motion = new FigureMotion('enter');
    motion.advance(225);
    motion.leave(false, picture, context);
    expect(motion.leaving).toBe(true);
    expect(motion.place(picture, context).alpha).toBeCloseTo(0.5, 5);
    motion.advance(449);
    expect(motion.gone).toBe(false);
    motion.advance(1);
    expect(motion.gone).toBe(true);
    expect(motion.place(picture, context).alpha).toBeCloseTo(0, 5);
  });

  it('under a new expression it holds until mostly covered, without moving', () => {
    const motion = new FigureMotion('swap-in');
    motion.advance(450);
    const still = motion.place(picture, context);
    motion.leave(true, picture, context);
    motion.advance(150);
    expect(motion.place(picture, context)).toEqual(still);
    motion.advance(150);
    expect(motion.place(picture, context).alpha).toBeLessThan(1);
  });
});
