import { describe, expectTypeOf, it } from 'vitest';
import type { SharedBy } from './features.ts';

type None = Record<never, never>;

describe('the features list', () => {
  it('names what two features both declare: a method, an event type or a job kind', () => {
    interface Clashing {
      first: {
        api: { listThings: { params: undefined; result: string } };
        event: { type: 'thing' };
        jobs: { fetch: object };
        origin: never;
      };
      second: { api: { listThings: { params: undefined; result: number } }; event: never; jobs: None; origin: never };
      third: { api: None; event: { type: 'thing' }; jobs: { fetch: object }; origin: never };
    }
    expectTypeOf<SharedBy<Clashing>>().toEqualTypeOf<'listThings' | 'thing' | 'fetch'>();
  });

  it('names nothing when every feature declares its own', () => {
    interface Apart {
      first: { api: { listThings: { params: undefined; result: string } }; event: { type: 'thing' }; jobs: None; origin: never };
      second: { api: { getThing: { params: undefined; result: number } }; event: never; jobs: { fetch: object }; origin: { id: string } };
    }
    expectTypeOf<SharedBy<Apart>>().toEqualTypeOf<never>();
  });
});
