import { describe, expect, it } from 'vitest';
import { displaySize } from './image-size.ts';

describe('displaySize', () => {
  it('scales a tiny image up by a whole factor', () => {
    expect(displaySize(20, 20)).toEqual({ width: 120, height: 120, scale: 6 });
  });
  it('leaves a medium image alone and fits a large one', () => {
    expect(displaySize(200, 100)).toEqual({ width: 200, height: 100, scale: 1 });
    expect(displaySize(3600, 1800)).toEqual({ width: 360, height: 180, scale: 0.1 });
  });
});
